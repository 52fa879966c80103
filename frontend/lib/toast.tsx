import { toast } from "react-toastify";

type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" | "success" };

/**
 * At most one toast at a time, a new one replaces the previous. react-toastify's `limit`
 * would queue instead of replace, so the current toast is dismissed first.
 */
export function notify({ title, description, variant = "default" }: ToastInput) {
  toast.dismiss();
  const content = (
    <div>
      <strong style={{ display: "block" }}>{title}</strong>
      {description ? <span>{description}</span> : null}
    </div>
  );
  const type = variant === "destructive" ? "error" : variant === "success" ? "success" : "default";
  toast(content, { type, role: variant === "destructive" ? "alert" : "status" });
}
