/**
 * Worker tests fail on a console.error nobody expected (see test/console-guard.ts): the Worker
 * logs errors only for things that went wrong, so one in a passing test is a bug hiding. A test
 * that provokes a failure on purpose says which messages it expects.
 */
const state = { expected: [] as RegExp[], calls: [] as string[] };

export function expectConsoleError(...patterns: RegExp[]) {
  state.expected.push(...patterns);
}

export function resetConsoleErrors() {
  state.expected = [];
  state.calls = [];
}

export function recordConsoleError(args: unknown[]) {
  state.calls.push(args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(" "));
}

export const unexpectedConsoleErrors = () => state.calls.filter((call) => !state.expected.some((pattern) => pattern.test(call)));
