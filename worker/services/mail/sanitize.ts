import { html as escapedHtml } from "hono/html";
import { decodeEntities } from "./html";

/**
 * The campaign content is the admin's own HTML (HTML is allowed there), but it ends up in
 * strangers' inboxes next to an unsubscribe link, so only formatting survives: an allow-list of
 * tags and attributes, links limited to web, phone and mail addresses. HTMLRewriter (the Workers
 * runtime's streaming HTML parser) does the parsing, so broken markup cannot confuse a regex.
 */
/**
 * Dropped with everything inside them. This must include every element whose content the HTML
 * parser reads as raw text (script, style, xmp, iframe, noembed, noframes, noscript, plaintext,
 * textarea, title): kept as "formatting" and unwrapped, their text would be written back out as
 * markup, e.g. `<xmp><img src=x onerror=…></xmp>` would become a live image.
 */
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "xmp",
  "noembed",
  "noframes",
  "plaintext",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "template",
  "noscript",
  "form",
  "input",
  "textarea",
  "select",
  "button",
  "svg",
  "math",
  "head",
  "title",
  "meta",
  "link",
  "base",
  "video",
  "audio",
]);

const ALLOWED_TAGS = new Set([
  "a",
  "b",
  "strong",
  "i",
  "em",
  "u",
  "s",
  "p",
  "br",
  "hr",
  "div",
  "span",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "blockquote",
  "img",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "td",
  "th",
  "small",
  "sup",
  "sub",
  "code",
  "pre",
]);

const ALLOWED_ATTRIBUTES = new Set(["href", "src", "alt", "title", "width", "height", "style", "align", "colspan", "rowspan"]);
const SAFE_HREF = /^(https?:|mailto:|tel:)/i;
const SAFE_SRC = /^https?:/i;
const UNSAFE_STYLE = /expression\s*\(|javascript:|url\s*\(|@import|behavior\s*:/i;

async function rewrite(html: string, rewriter: HTMLRewriter): Promise<string> {
  return rewriter.transform(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } })).text();
}

/**
 * The content with only formatting left. Markup the streaming parser refuses as ambiguous (a
 * `<script>` where it cannot tell raw text from markup, as inside `<frameset>`) is not guessed at:
 * the whole content is shown as plain text instead.
 */
export async function sanitizeEmailHtml(html: string): Promise<string> {
  try {
    return await sanitizeMarkup(html);
  } catch {
    return (await escapedHtml`<p>${html}</p>`).toString();
  }
}

async function sanitizeMarkup(html: string): Promise<string> {
  const rewriter = new HTMLRewriter()
    .on("*", {
      element(el) {
        const tag = el.tagName.toLowerCase();
        if (DROP_WITH_CONTENT.has(tag)) {
          el.remove();
          return;
        }
        if (!ALLOWED_TAGS.has(tag)) {
          el.removeAndKeepContent();
          return;
        }
        for (const [name = "", rawValue = ""] of [...el.attributes]) {
          const value = decodeEntities(rawValue).trim();
          const keep =
            ALLOWED_ATTRIBUTES.has(name) &&
            (name !== "href" || SAFE_HREF.test(value)) &&
            (name !== "src" || SAFE_SRC.test(value)) &&
            (name !== "style" || !UNSAFE_STYLE.test(value));
          if (!keep) el.removeAttribute(name);
        }
        if (tag === "img" && !el.hasAttribute("src")) el.remove();
      },
    })
    .onDocument({
      comments(comment) {
        comment.remove();
      },
      // A "<" or ">" the parser read as text stays text: written back raw, it could join what
      // follows a removed comment or element into a new tag (`<` + `<!---->` + `img onerror=…>`).
      // The text is as written in the source, so entities are left as they are.
      text(chunk) {
        if (/[<>]/.test(chunk.text)) chunk.replace(chunk.text.replace(/</g, "&lt;").replace(/>/g, "&gt;"), { html: true });
      },
      doctype() {},
    });
  return rewrite(html, rewriter);
}

const BLOCK_TAGS = new Set([
  "p",
  "div",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "blockquote",
  "table",
  "tr",
  "pre",
  "hr",
]);
/** Elements that never have an end tag (onEndTag would throw on them). */
const VOID_TAGS = new Set(["br", "hr", "img"]);

/** The plain-text part of the e-mail: the same content, readable without HTML. */
export async function htmlToText(html: string): Promise<string> {
  let out = "";
  const rewriter = new HTMLRewriter()
    .on("*", {
      element(el) {
        const tag = el.tagName.toLowerCase();
        if (tag === "br") out += "\n";
        else if (tag === "li") out += "\n- ";
        else if (tag === "td" || tag === "th") out += " ";
        else if (BLOCK_TAGS.has(tag)) out += "\n\n";
        if (tag === "a") {
          const href = el.getAttribute("href");
          if (href) {
            el.onEndTag(() => {
              const link = href.replace(/^(mailto|tel):/i, "");
              if (!out.endsWith(link)) out += ` (${link})`;
            });
          }
        } else if (BLOCK_TAGS.has(tag) && !VOID_TAGS.has(tag)) {
          el.onEndTag(() => {
            out += "\n\n";
          });
        }
      },
    })
    .onDocument({
      // Source line breaks are plain whitespace in HTML; only the tags above make lines.
      text(chunk) {
        out += chunk.text.replace(/\s+/g, " ");
      },
    });
  await rewrite(html, rewriter);
  // Decoded once at the end: an entity may be split across two text chunks.
  return decodeEntities(out)
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
