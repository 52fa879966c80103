import { z } from "./z";

/** The back office's CSV exports (GET /api/admin/export/<kind>.csv). */
export const exportKinds = ["subscribers", "orders", "customers", "service-records"] as const;
export type ExportKind = (typeof exportKinds)[number];

export const exportFileParamSchema = z.object({
  file: z.enum(exportKinds.map((k) => `${k}.csv`) as [string, ...string[]], { error: "No such export" }),
});
