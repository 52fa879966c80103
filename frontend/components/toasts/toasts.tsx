/**
 * The toasts' container and react-toastify itself, loaded by the first toast (lib/toast.tsx): a
 * visitor who is never shown one never downloads, parses or applies its code and stylesheet. A
 * toast asked for before the container is in waits in react-toastify's own queue until it mounts.
 */
import "react-toastify/dist/ReactToastify.css";
import "./toasts.css";
import { Slide, ToastContainer } from "react-toastify";

export { toast } from "react-toastify";

export default function Toasts() {
  return (
    <ToastContainer
      position="bottom-right"
      autoClose={5000}
      newestOnTop
      draggable
      draggablePercent={20}
      closeOnClick={false}
      transition={Slide}
      theme="colored"
    />
  );
}
