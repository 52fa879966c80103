import { useEffect, useState } from "react";

type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  /** A button in the toast (an Undo): pressing it closes the toast and runs `onClick`. */
  action?: { label: string; onClick: () => void };
  /** How long the toast stays, in milliseconds, when not the container's default. */
  duration?: number;
};

type ToastsModule = typeof import("../components/toasts/toasts");

let loading: Promise<ToastsModule> | null = null;
/** The toasts' code (react-toastify and its stylesheet), asked for once; a failed load is asked again. */
function loadToasts(): Promise<ToastsModule> {
  loading ??= import("../components/toasts/toasts").catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

let wanted = false;
const whenWanted = new Set<() => void>();

/**
 * Puts the container in (loading its code): the first toast does it, the back office at once.
 * Every toast asks again until the container is in, so a first load that failed (no signal) is
 * not the last word.
 */
export function wantToasts() {
  wanted = true;
  for (const show of whenWanted) show();
}

/**
 * Where the toasts appear: nothing until the first toast is asked for (or `wantToasts`, as the
 * back office does at once), then the container. Its state is its own, so mounting it
 * touches no context above the page (see lib/page-ready.ts).
 */
export function Toasts() {
  const [container, setContainer] = useState<ToastsModule["default"] | null>(null);
  useEffect(() => {
    let live = true;
    const show = () =>
      loadToasts().then(
        (module) => {
          whenWanted.delete(show);
          if (live) setContainer(() => module.default);
        },
        () => undefined, // No code, no toast: the next one asks again.
      );
    whenWanted.add(show);
    if (wanted) show();
    return () => {
      live = false;
      whenWanted.delete(show);
    };
  }, []);
  const Container = container;
  // A live region from the start, as react-toastify's own container is: an open dialog hides from
  // screen readers everything outside it except the live regions there are when it opens (Radix's
  // hideOthers), so a container that arrived later would hold toasts nobody could hear or reach.
  return <div aria-live="off">{Container ? <Container /> : null}</div>;
}

/**
 * At most one toast at a time, a new one replaces the previous: the current toast is dismissed
 * first. (The container sets no `limit`: a limit queues the new toast until the old one's exit
 * animation has ended, which held a "Customer added" back for seconds after two quick errors.)
 */
export function notify(input: ToastInput) {
  wantToasts();
  // Shown once the code is in; one that cannot arrive (no signal) is not shown.
  loadToasts().then(
    ({ toast }) => show(toast, input),
    () => undefined,
  );
}

function show(toast: ToastsModule["toast"], { title, description, variant = "default", action, duration }: ToastInput) {
  toast.dismiss();
  const content = (
    <div>
      <strong style={{ display: "block" }}>{title}</strong>
      {description ? <span>{description}</span> : null}
      {action ? (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            toast.dismiss();
            action.onClick();
          }}
        >
          {action.label}
        </button>
      ) : null}
    </div>
  );
  const type = variant === "destructive" ? "error" : variant === "success" ? "success" : "default";
  toast(content, { type, role: variant === "destructive" ? "alert" : "status", ...(duration ? { autoClose: duration } : {}) });
}
