import type { D1Migration } from "cloudflare:test";
import type { Secrets } from "../worker/env";

declare global {
  namespace Cloudflare {
    interface Env extends Secrets {
      TEST_MIGRATIONS: D1Migration[];
      /** An empty database for the restore rehearsal. */
      RESTORE_DB: D1Database;
    }
    interface GlobalProps {
      mainModule: typeof import("../worker/index");
    }
  }
}
