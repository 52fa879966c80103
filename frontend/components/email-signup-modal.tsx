import { lazy, Suspense, startTransition, useCallback, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { signupModal } from "../../schema/signup-modal";
import { whenIdle } from "../lib/idle";
import { whenPageReady } from "../lib/page-ready";

const loadDialog = () => import("./site/signup-dialog");
const SignupDialog = lazy(loadDialog);

/** The session flag that keeps the modal to once per browser session; its timings are schema/settings.ts's. */
export const SIGNUP_MODAL_FLAG = "emailSignupModalShown";
const SIGNUP_MODAL_DELAY_MS = signupModal.delayMs;
const SIGNUP_MODAL_SCROLL_SHARE = signupModal.scrollShare;

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

/**
 * Pages where the visitor is in the middle of something (booking a visit, paying, confirming or
 * leaving the list), is a customer on their own page (which has the deals list as a setting), or is
 * reading, accepting or paying a quote or invoice sent to them: the modal waits for a page where it
 * interrupts nothing.
 */
const TASK_PAGES =
  /^\/(book|cart|checkout|payment-success|payment-cancelled|confirm-subscription|unsubscribe|reminders|account|quote|invoice)(\/|$)/;

/** A visitor typing in a form: the modal must not take the keyboard from them. */
function isTyping(): boolean {
  const el = document.activeElement;
  return el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/**
 * Opens the modal 20 s after load or at 30 % scroll, whichever comes first, once per session; never
 * on a task page, and not while a form field has the focus (it waits until the visitor leaves it).
 */
function useAutoOpen(open: () => void, quiet: boolean) {
  useEffect(() => {
    if (quiet) return;
    let done = false;
    const show = () => {
      if (done) return;
      // Read when it is time to open, not while the page hydrates: a tab's first touch of its
      // session storage costs a few milliseconds of the phone's main thread.
      if (readFlag()) {
        done = true;
        stop();
        return;
      }
      if (isTyping()) {
        document.addEventListener("focusout", restartAfterTyping);
        return;
      }
      done = true;
      stop();
      writeFlag();
      open();
    };
    // Each time the focus leaves a field the visitor gets the full delay again: they may be
    // pressing Send, or moving on to the next field (where it waits again).
    let retry = 0;
    const restartAfterTyping = () => {
      window.clearTimeout(retry);
      retry = window.setTimeout(show, SIGNUP_MODAL_DELAY_MS);
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
    // The visitor may have scrolled before the page became interactive. Checked once the browser
    // is idle: measuring the page now would force its layout inside hydration's effects.
    const cancelCheck = whenIdle(onScroll);
    function stop() {
      window.clearTimeout(timer);
      window.clearTimeout(retry);
      cancelWarm();
      cancelCheck();
      window.removeEventListener("scroll", onScroll);
      document.removeEventListener("focusout", restartAfterTyping);
    }
    return stop;
  }, [open, quiet]);
}

/**
 * The deals sign-up modal: opens by itself once per browser session. Its
 * dialog stays mounted after the first opening so closing can fade out.
 */
export function EmailSignupModal() {
  const [path] = useLocation();
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
    TASK_PAGES.test(path),
  );
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <SignupDialog isOpen={isOpen} setOpen={setOpen} />
    </Suspense>
  );
}
