/**
 * "Chrome on Windows" from a User-Agent header, for the sign-in list. Order matters: Edge and
 * Opera also claim to be Chrome, and Chrome also claims to be Safari. Anything unrecognised (a
 * script, a command-line tool) shows its first product token, such as "curl".
 */
const browsers: [RegExp, string][] = [
  [/\bEdgA?\//, "Edge"],
  [/\bOPR\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\bHeadlessChrome\//, "Headless Chrome"],
  [/\b(Chrome|CriOS)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*Safari\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function browserSummary(userAgent: string | null): string {
  const ua = userAgent?.trim();
  if (!ua) return "Unknown browser";
  const browser = browsers.find(([pattern]) => pattern.test(ua))?.[1];
  const system = systems.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser) return system ? `${browser} on ${system}` : browser;
  const product = /^[\w.-]+/.exec(ua)?.[0];
  return product && product !== "Mozilla" ? product : "Unknown browser";
}
