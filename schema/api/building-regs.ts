import { londonToday } from "../london-time";
import { isoDate } from "./fields";
import { installationKinds } from "./installations";
import { z } from "./z";

/**
 * The request contracts of the Building Regulations notification (issue 47; the kinds, deadline and
 * answers are ./installations.ts): a quote line's installation mark, and what the owner records.
 */

/** A quote line's mark: the notifiable installation it fits, or none. */
export const installationSchema = z
  .enum(installationKinds, { error: "The installation is a boiler, a cylinder or a gas fire" })
  .nullish()
  .transform((v) => v ?? null);

const reference = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(40, `${label} is at most 40 characters`)
    .regex(/^[A-Za-z0-9/ -]*$/, `${label} is letters, digits, spaces, - and /`);

const optionalReference = (label: string) =>
  reference(label)
    .nullish()
    .transform((v) => v || null);

const notInFuture = (v: string | null) => v === null || v <= londonToday();
const notInFutureMessage = "The notification date cannot be in the future";

/**
 * PUT /api/admin/jobs/:id/building-regs: the owner notified it (the day and Gas Safe's notification
 * reference, the certificate's number when it comes), or another party did (the rest optional).
 */
export const buildingRegsRecordSchema = z.discriminatedUnion(
  "notifiedBy",
  [
    z.object({
      notifiedBy: z.literal("us"),
      notifiedOn: isoDate("The notification date").refine(notInFuture, notInFutureMessage),
      reference: reference("The notification reference").min(1, "Enter the notification reference from Gas Safe Register"),
      certificateNumber: optionalReference("The certificate number"),
    }),
    z.object({
      notifiedBy: z.literal("other"),
      notifiedOn: isoDate("The notification date")
        .nullish()
        .transform((v) => v ?? null)
        .refine(notInFuture, notInFutureMessage),
      reference: optionalReference("The notification reference"),
      certificateNumber: optionalReference("The certificate number"),
    }),
  ],
  { error: "Say who notified the work: us through Gas Safe Register, or another party" },
);
export type BuildingRegsRecord = z.output<typeof buildingRegsRecordSchema>;
