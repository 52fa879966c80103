import { qualificationOf } from "../../../schema/api/diary";
import type { PaperName } from "../../../schema/api/papers";
import { isVisitOfKind } from "../../../schema/business";
import { lazyPage } from "../../components/site/lazy-page";

/** A new boiler's fitting (its Benchmark checklist is left with the customer): "Boiler Installation", a boiler replacement. */
const isBoilerInstallation = (serviceType: string) =>
  /boiler/i.test(serviceType) && /install|replace|fit|commission/i.test(serviceType);

/**
 * The back office's screen of each paper drafted at a visit (schema/api/papers.ts), at
 * /admin/<segment>/:id, and the visits that offer to start one (by their service type). A new paper
 * is one entry here; the route table, the roles and the visit's buttons follow.
 */
export const paperScreens: Record<PaperName, { Screen: ReturnType<typeof lazyPage>; startsAt(serviceType: string): boolean }> = {
  "gas-safety-record": {
    Screen: lazyPage(() => import("./gas-safety-record")),
    startsAt: (serviceType) => isVisitOfKind("gasSafety", serviceType),
  },
  "service-sheet": {
    Screen: lazyPage(() => import("./service-sheet")),
    startsAt: (serviceType) => isVisitOfKind("service", serviceType),
  },
  // A cylinder's installation or its annual check (G3): the visit kinds an unvented qualification does.
  "unvented-record": {
    Screen: lazyPage(() => import("./unvented-record")),
    startsAt: (serviceType) => qualificationOf(serviceType) === "unvented",
  },
  benchmark: { Screen: lazyPage(() => import("./benchmark-record")), startsAt: isBoilerInstallation },
};
