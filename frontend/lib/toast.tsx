import { toast } from "react-toastify";

type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  /** A button in the toast (an Undo): pressing it closes the toast and runs `onClick`. */
  action?: { label: string; onClick: () => void };
  /** How long the toast stays, in milliseconds, when not the container's default. */
  duration?: number;
};

/**
 * At most one toast at a time, a new one replaces the previous: the current toast is dismissed
 * first. (The container sets no `limit`: a limit queues the new toast until the old one's exit
 * animation has ended, which held a "Customer added" back for seconds after two quick errors.)
 */
export function notify({ title, description, variant = "default", action, duration }: ToastInput) {
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
