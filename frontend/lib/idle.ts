/**
 * Runs `work` once the browser is idle (at the latest after `timeout` ms), in a task of its own:
 * work a screen does not need for its first paint (keeping copies, registering the service worker)
 * then neither delays that paint nor joins the first render's effects in one long task that a tap
 * would wait behind. Returns a cancel for an effect's cleanup. Safari has no requestIdleCallback, so
 * there it is the next task.
 */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 1);
  return () => clearTimeout(id);
}
