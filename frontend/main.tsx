import "@radix-ui/themes/styles.css";
import "react-toastify/dist/ReactToastify.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Prerendered pages arrive with their HTML and are hydrated; client-only shells are rendered.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
