// npm run passwords:common: writes worker/lib/common-passwords.ts from @zxcvbn-ts/language-common's
// list of the ~49,000 most common passwords (the list zxcvbn scores against). A new back-office
// password must have 12 characters or more, so only the entries that long can ever match: those are
// kept (lower-cased, de-duplicated), a few kilobytes instead of the list's 380.
import { writeFileSync } from "node:fs";
import { dictionary } from "@zxcvbn-ts/language-common";

const MIN_LENGTH = 12;
const words = [
  ...new Set(dictionary["passwords-common"].filter((p) => p.length >= MIN_LENGTH).map((p) => p.toLowerCase())),
].sort();
const file = new URL("../worker/lib/common-passwords.ts", import.meta.url);
writeFileSync(
  file,
  `// Written by scripts/common-passwords.mjs from @zxcvbn-ts/language-common: do not edit.
/** The most common passwords of ${MIN_LENGTH} characters or more, lower-cased (${words.length}). */
export const commonPasswords: ReadonlySet<string> = new Set(${JSON.stringify(words)});
`,
);
console.log(`${words.length} common passwords of ${MIN_LENGTH}+ characters written to worker/lib/common-passwords.ts`);
