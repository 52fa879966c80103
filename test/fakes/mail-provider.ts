import { type FakeServer, sendJson, startFakeServer } from "./server";

/** Placeholder until the campaigns work implements the mail provider's HTTP API here. */
export function startFakeMailProvider(): Promise<FakeServer> {
  return startFakeServer((_req, _body, res) => sendJson(res, 501, { message: "not implemented in the fake" }));
}
