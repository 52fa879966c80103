import type { Context } from "hono";

/** Cloudflare sets CF-Connecting-IP on every request at the edge; locally it may be absent. */
export function clientIp(c: Context): string {
  return c.req.header("CF-Connecting-IP") ?? "local";
}

/**
 * The address as a limit should count it: an IPv4 address as is, an IPv6 address by its /64
 * (one household or server gets a whole /64, so counting single addresses would give an attacker
 * 2^64 tries).
 */
/**
 * The site an IPv6 address belongs to: its /48 (what one customer of a provider is usually given,
 * with 65,536 /64s inside). Null for IPv4, where the address itself is the unit.
 */
export function networkKey(ip: string): string | null {
  const key = addressKey(ip);
  if (!key.endsWith("::/64")) return null;
  return `${key.split(":").slice(0, 3).join(":")}::/48`;
}

export function addressKey(ip: string): string {
  if (!ip.includes(":")) return ip;
  // An IPv4 address written as IPv6 (::ffff:192.0.2.1) is that IPv4 address.
  const embeddedV4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip)?.[1];
  if (embeddedV4) return embeddedV4;
  const [head = "", tail = ""] = ip.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = ip.includes("::") ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array(Math.max(0, missing)).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => (g.replace(/^0+(?=.)/, "") || "0").toLowerCase())
    .join(":")}::/64`;
}
