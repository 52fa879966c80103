import { afterEach, beforeEach, expect, vi } from "vitest";
import { recordConsoleError, resetConsoleErrors, unexpectedConsoleErrors } from "./helpers/console";

// Tests and the Worker share one isolate, so the Worker's own console.error calls are seen here.
beforeEach(() => {
  resetConsoleErrors();
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => recordConsoleError(args));
});

afterEach(() => {
  const unexpected = unexpectedConsoleErrors();
  vi.restoreAllMocks();
  expect(unexpected, "console.error calls this test did not expect").toEqual([]);
});
