import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitizeEmailHtml } from "../worker/services/mail/sanitize";

/**
 * Hostile markup, generated: tags a sanitiser must drop, raw-text elements that turn text into
 * markup, event handlers, scriptable URLs hidden with entities, case and whitespace, unclosed and
 * mis-nested tags, comments and CDATA. Whatever the mix, the output must hold no way to run code.
 */
const dangerousTags = [
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "xmp",
  "noembed",
  "noframes",
  "plaintext",
  "noscript",
  "template",
  "svg",
  "math",
  "base",
  "link",
  "meta",
  "title",
  "video",
  "audio",
];
const harmlessTags = ["p", "b", "i", "a", "img", "div", "span", "table", "td", "ul", "li", "h1", "blockquote", "font", "center"];
const scheme = fc.constantFrom(
  "javascript:",
  "JaVaScRiPt:",
  " javascript:",
  "java\tscript:",
  "&#106;avascript:",
  "&#x6A;avascript:",
  "jav&#x09;ascript:",
  "vbscript:",
  "data:text/html,",
  "https://example.com/",
  "mailto:a@example.com",
  "tel:+441614960000",
);
const payload = fc.constantFrom(
  "alert(1)",
  "document.cookie",
  "x",
  "<img src=x onerror=alert(1)>",
  "</xmp><script>alert(1)</script>",
);
const attribute = fc.oneof(
  fc
    .tuple(fc.constantFrom("onclick", "onerror", "ONLOAD", "onMouseOver", "onfocus", "formaction", "srcdoc"), payload)
    .map(([n, v]) => `${n}="${v}"`),
  fc
    .tuple(fc.constantFrom("href", "src", "HREF", "xlink:href", "background", "action", "data"), scheme, payload)
    .map(([n, s, v]) => `${n}="${s}${v}"`),
  fc
    .tuple(
      fc.constantFrom("style"),
      fc.constantFrom("color:red", "background:url(javascript:alert(1))", "x:expression(alert(1))", "behavior:url(x.htc)"),
    )
    .map(([n, v]) => `${n}="${v}"`),
  fc.constantFrom("title='x'", "width=10", "onerror=alert(1)", "/onerror=alert(1)", "href=javascript:alert(1)"),
);
const tagName = fc.oneof(fc.constantFrom(...dangerousTags), fc.constantFrom(...harmlessTags));
const openTag = fc
  .tuple(tagName, fc.array(attribute, { maxLength: 3 }), fc.boolean())
  .map(([name, attrs, upper]) => `<${upper ? name.toUpperCase() : name}${attrs.map((a) => ` ${a}`).join("")}>`);
const piece: fc.Arbitrary<string> = fc.oneof(
  openTag,
  tagName.map((name) => `</${name}>`),
  payload,
  fc.constantFrom(
    "<!-- <script>alert(1)</script> -->",
    "<![CDATA[<script>alert(1)</script>]]>",
    "<",
    ">",
    "&lt;script&gt;",
    "text ",
  ),
);
const hostileHtml = fc.array(piece, { minLength: 1, maxLength: 25 }).map((parts) => parts.join(""));

const FORBIDDEN_ELEMENTS = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "xmp",
  "noembed",
  "noframes",
  "plaintext",
  "noscript",
  "template",
  "svg",
  "math",
  "base",
  "link",
  "meta",
]);

/** What a browser would see in the output: every element and attribute, parsed by the runtime's HTML parser. */
async function elementsOf(html: string) {
  const found: { tag: string; attrs: [string, string][] }[] = [];
  await new HTMLRewriter()
    .on("*", {
      element: (el) => void found.push({ tag: el.tagName.toLowerCase(), attrs: [...el.attributes] as [string, string][] }),
    })
    .transform(new Response(html, { headers: { "Content-Type": "text/html" } }))
    .text();
  return found;
}

const decoded = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .split("")
    // Browsers ignore spaces and control characters in a URL's scheme (java\tscript: runs).
    .filter((ch) => ch.charCodeAt(0) > 0x20)
    .join("")
    .toLowerCase();

describe("campaign sanitiser against generated hostile markup", () => {
  it("leaves no event handler, script, form, frame, object or scriptable URL, and stays safe when sanitised again", async () => {
    await fc.assert(
      fc.asyncProperty(hostileHtml, async (input) => {
        const output = await sanitizeEmailHtml(input);
        for (const { tag, attrs } of await elementsOf(output)) {
          expect(FORBIDDEN_ELEMENTS.has(tag), `<${tag}> in ${output}`).toBe(false);
          for (const [name, value] of attrs) {
            expect(name.startsWith("on"), `${name} in ${output}`).toBe(false);
            expect(decoded(value), `${name}=${value} in ${output}`).not.toMatch(/^(javascript|vbscript|data):/);
            if (name === "style") expect(decoded(value)).not.toMatch(/expression\(|javascript:|url\(|behavior:/);
          }
        }
        expect(await sanitizeEmailHtml(output)).toBe(output);
      }),
      { numRuns: 400 },
    );
  });

  it("drops the raw-text elements with their contents", async () => {
    // (embed, a void element, has no contents; the property above shows it is dropped too.)
    for (const tag of ["xmp", "noembed", "noframes", "plaintext", "noscript", "template", "iframe", "form", "object", "style"]) {
      const output = await sanitizeEmailHtml(`<p>before</p><${tag}><img src=x onerror=alert(1)>secret</${tag}><p>after</p>`);
      expect(output, tag).not.toContain("<img");
      expect(output, tag).not.toContain("secret");
      expect(output, tag).toContain("<p>before</p>");
    }
  });

  it("never lets a stray < join what follows a removed comment or element into a new tag", async () => {
    for (const input of ["<<!---->img src=x onerror=alert(1)>", "<<script>x</script>img src=x onerror=alert(1)>"]) {
      const output = await sanitizeEmailHtml(input);
      expect(output).not.toContain("<img");
      expect(await sanitizeEmailHtml(output)).toBe(output);
    }
  });

  it("shows markup the parser cannot read safely as plain text instead of failing", async () => {
    const output = await sanitizeEmailHtml("<frameset><script>alert(1)</script>");
    expect(output).toBe("<p>&lt;frameset&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>");
  });
});
