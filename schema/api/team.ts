import { PHONE_MESSAGE, PHONE_PATTERN } from "./constants";
import { idParamSchema } from "./lists";
import { newPasswordField } from "./security";
import { z } from "./z";

/**
 * The back office's people (schema/db/team.ts): the owner's invitations, edits, suspensions and
 * removals, and the invited person's one-time link to set a password. One schema per form, shared by
 * the Team screen and the Worker.
 */

export const teamRoles = ["owner", "office", "engineer"] as const;

/** The work an engineer is qualified for: what /book and the diary match a service against. */
export const qualifications = ["gas-domestic", "unvented", "plumbing", "oil"] as const;

/** Invited (the link not used yet), active, suspended (no session, history kept), removed. */
export const teamStatuses = ["invited", "active", "suspended", "removed"] as const;

export const qualificationLabels: Record<(typeof qualifications)[number], string> = {
  "gas-domestic": "Gas (domestic)",
  unvented: "Unvented hot water",
  plumbing: "Plumbing",
  oil: "Oil",
};
export type TeamQualification = (typeof qualifications)[number];

export type TeamMemberRole = (typeof teamRoles)[number];
export type TeamMemberStatus = (typeof teamStatuses)[number];
export const roleLabels: Record<TeamMemberRole, string> = { owner: "Owner", office: "Office", engineer: "Engineer" };
export const statusLabels: Record<TeamMemberStatus, string> = {
  active: "Active",
  invited: "Invited",
  suspended: "Suspended",
  removed: "Removed",
};

/** How long an invitation's link works. */
export const INVITE_DAYS = 7;

export const USERNAME_PATTERN = /^[a-z0-9._-]{3,40}$/;
export const USERNAME_MESSAGE = "A username is 3 to 40 of a-z, 0-9, dot, underscore or dash";
export const LICENCE_MESSAGE = "A Gas Safe licence number is the 7 digits on the engineer's ID card";
export const LICENCE_REQUIRED = "An engineer who does gas work needs their Gas Safe licence number";

/** What a username would be from an e-mail address's local part: lower case, only the allowed characters. */
export const usernameFromEmail = (email: string) =>
  (email.split("@")[0] ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "")
    .slice(0, 40);

const name = z
  .string({ error: "Please enter their name" })
  .trim()
  .min(1, "Please enter their name")
  .max(100, "The name is too long (at most 100 characters)");

const email = z
  .string({ error: "Please enter their e-mail address" })
  .trim()
  .toLowerCase()
  .min(1, "Please enter their e-mail address")
  .pipe(z.email("Please enter a valid e-mail address").max(254, "Please enter a valid e-mail address"));

const phone = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(20, PHONE_MESSAGE)
  .regex(PHONE_PATTERN, PHONE_MESSAGE)
  .nullish()
  .transform((v) => v || null);

/** Seven digits; spaces as people copy them off the card are dropped. */
const gasSafeLicence = z
  .string({ error: LICENCE_MESSAGE })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.union([z.literal(""), z.string().regex(/^\d{7}$/, LICENCE_MESSAGE)]))
  .nullish()
  .transform((v) => v || null);

const qualificationsField = z
  .array(z.enum(qualifications, { error: "A qualification is gas-domestic, unvented, plumbing or oil" }), {
    error: "Qualifications are a list",
  })
  .max(qualifications.length, "Each qualification once, please")
  .default([])
  .transform((list) => qualifications.filter((q) => list.includes(q)));

const seesPrices = z.boolean({ error: "Sees prices is true or false" }).default(false);

const details = { name, email, phone, gasSafeLicence, qualifications: qualificationsField, seesPrices };

/** An engineer who does gas work carries their licence number: every record they issue prints it. */
const needsLicence = (v: { role: string; qualifications: string[]; gasSafeLicence: string | null }) =>
  !(v.role === "engineer" && v.qualifications.includes("gas-domestic") && !v.gasSafeLicence);

export const teamInviteSchema = z
  .object({
    ...details,
    role: z.enum(["office", "engineer"], { error: "The role is office or engineer" }),
    /** Empty: made from the e-mail address (and numbered when taken). */
    username: z
      .string({ error: USERNAME_MESSAGE })
      .trim()
      .toLowerCase()
      .pipe(z.union([z.literal(""), z.string().regex(USERNAME_PATTERN, USERNAME_MESSAGE)]))
      .nullish()
      .transform((v) => v || null),
  })
  .refine(needsLicence, { message: LICENCE_REQUIRED, path: ["gasSafeLicence"] });
export type TeamInvite = z.input<typeof teamInviteSchema>;

/** The owner's edit of a person: every detail at once, as the form holds them (the username never changes). */
export const teamEditSchema = z
  .object({ ...details, role: z.enum(["owner", "office", "engineer"], { error: "The role is office or engineer" }) })
  .refine(needsLicence, { message: LICENCE_REQUIRED, path: ["gasSafeLicence"] });
export type TeamEdit = z.input<typeof teamEditSchema>;

export const teamListQuerySchema = z.object({
  /** `include`: removed people too (their past work keeps their name). */
  removed: z.enum(["include", "hide"], { error: "removed is include or hide" }).default("hide"),
});

/** POST /api/admin/team/:id/<change>: what the owner may do to someone's standing. */
export const statusChanges = ["suspend", "reinstate", "remove"] as const;
export type StatusChange = (typeof statusChanges)[number];
export const teamChangeParamSchema = idParamSchema.extend({
  change: z.enum(statusChanges, { error: "The change is suspend, reinstate or remove" }),
});

/** One person as the Team screen shows them. */
export type TeamMember = {
  id: number;
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
  role: TeamMemberRole;
  gasSafeLicence: string | null;
  qualifications: TeamQualification[];
  seesPrices: boolean;
  status: TeamMemberStatus;
  /** The owner (user 1): never suspended, removed or given another role. */
  isOwner: boolean;
  /** While invited: until when the link works. */
  inviteExpiresAt: string | null;
  suspendedAt: string | null;
  removedAt: string | null;
  createdAt: string;
};

/** The one-time token from the invitation's link (/admin/join#<token>). */
const token = z
  .string({ error: "The invitation link is not complete" })
  .trim()
  .min(20, "The invitation link is not complete")
  .max(200, "The invitation link is not valid");

export const joinLookupSchema = z.object({ token });

/** The invited person's password: the Security screen's rules (12+ characters, typed twice). */
export const joinSchema = z
  .object({ token, password: newPasswordField, confirm: z.string({ error: "Please type the password again" }) })
  .refine((v) => v.password === v.confirm, { message: "The two passwords are not the same", path: ["confirm"] });

/** POST /api/admin/join/invitation: whom the link is for, to greet them. */
export type JoinInvitation = { name: string; username: string; role: TeamMemberRole };

export const INVITATION_GONE =
  "This invitation link has been used, or a newer one was sent. Please ask the owner for a new link.";
export const INVITATION_EXPIRED = "This invitation link has expired. Please ask the owner to send you a new one.";
