import { buildApp } from "./app-server";

/**
 * The run's one build (vite build and the prerendered pages); each worker then serves its own copy
 * with its own local state and fake Stripe (e2e/app-server.ts, started by the `appServer` fixture).
 */
export default async function globalSetup() {
  buildApp();
}
