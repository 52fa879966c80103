import { lazy, Suspense, startTransition, useCallback, useEffect, useState } from "react";
import { whenPageReady } from "../lib/page-ready";

const loadDialog = () => import("./site/signup-dialog");
const SignupDialog = lazy(loadDialog);

/** The modal's timings and the session flag that keeps the modal to once per browser session. */
export const SIGNUP_MODAL_FLAG = "emailSignupModalShown";
export const SIGNUP_MODAL_DELAY_MS = 3000;
export const SIGNUP_MODAL_SCROLL_SHARE = 0.3;

function readFlag(): boolean {
  try {
    return sessionStorage.getItem(SIGNUP_MODAL_FLAG) !== null;
  } catch {
    // Storage blocked (some privacy modes): never nag a visitor we cannot remember.
    return true;
  }
}

function writeFlag() {
  try {
    sessionStorage.setItem(SIGNUP_MODAL_FLAG, "true");
  } catch {
    // Nothing to remember it in; the modal still shows only once in this page's life.
  }
}

/** Opens the modal 3 s after load or at 30 % scroll, whichever comes first, once per session. */
function useAutoOpen(open: () => void) {
  useEffect(() => {
    if (readFlag()) return;
    let done = false;
    const show = () => {
      if (done) return;
      done = true;
      stop();
      writeFlag();
      open();
    };
    const onScroll = () => {
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      if (scrollable > 0 && window.scrollY / scrollable >= SIGNUP_MODAL_SCROLL_SHARE) show();
    };
    const timer = window.setTimeout(show, SIGNUP_MODAL_DELAY_MS);
    // The dialog's code (a few kilobytes) is fetched once the page has hydrated, with the page's
    // own requests, so it is ready when the modal opens and nothing is downloaded while it opens.
    const cancelWarm = whenPageReady(() => void loadDialog());
    window.addEventListener("scroll", onScroll, { passive: true });
    // The visitor may have scrolled before the page became interactive.
    onScroll();
    function stop() {
      window.clearTimeout(timer);
      cancelWarm();
      window.removeEventListener("scroll", onScroll);
    }
    return stop;
  }, [open]);
}

/**
 * The deals sign-up modal: opens by itself once per browser session. Its
 * dialog stays mounted after the first opening so closing can fade out.
 */
export function EmailSignupModal() {
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  useAutoOpen(
    useCallback(() => {
      // A transition: React renders the dialog in short slices, so opening it by itself never
      // holds up a visitor's tap or keypress.
      startTransition(() => {
        setHasOpened(true);
        setOpen(true);
      });
    }, []),
  );
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <SignupDialog isOpen={isOpen} setOpen={setOpen} />
    </Suspense>
  );
}
