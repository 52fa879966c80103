/**
 * Whether a text names this e-mail address as a whole address, in any letter case: not as the end
 * of a longer one (v@example.co inside anna.v@example.com) nor the start of one
 * (v@example.co inside v@example.com or v@example.co.uk). A sentence's full stop after it still counts.
 */
const LOCAL_CHARS = "A-Za-z0-9.!#$%&'*+/=?^_`{|}~@-";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function addressPattern(address: string): RegExp {
  return new RegExp(`(?<![${LOCAL_CHARS}])${escapeRegExp(address)}(?![A-Za-z0-9_@-]|\\.[A-Za-z0-9])`, "i");
}

/** The same, over HTML whose text may be escaped (an apostrophe in the address is `&#39;`). */
export function namesAddress(pattern: RegExp, ...texts: string[]): boolean {
  return texts.some((text) => pattern.test(text) || pattern.test(unescapeHtml(text)));
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&#39;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&#64;": "@" };
const unescapeHtml = (text: string) => text.replace(/&(?:amp|#39|quot|lt|gt|#64);/g, (entity) => ENTITIES[entity]!);
