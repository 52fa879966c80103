import { Flex } from "@radix-ui/themes";
import { useState } from "react";
import { ToggleGroup } from "./toggle-group";

/** The widths an e-mail is read at: a phone, and the usual desktop mail column. */
export const PREVIEW_WIDTHS = [390, 600] as const;
type Width = (typeof PREVIEW_WIDTHS)[number];

/**
 * The mail's own HTML, made safe to show here: a CSP that loads nothing but inline styles and
 * images (no scripts, no fonts, no tracking calls), and links that open in a new tab rather than
 * inside the frame.
 */
export function previewSrcDoc(html: string): string {
  const head = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src https: data:"><base target="_blank">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (tag) => `${tag}${head}`) : `${head}${html}`;
}

/**
 * An e-mail as the recipient sees it: the HTML in a sandboxed frame (no scripts, no same-origin
 * access; links may only open a new tab), at phone or desktop width, or the plain-text part.
 */
export function MailPreview({ html, text }: { html: string; text: string }) {
  const [view, setView] = useState<"html" | "text">("html");
  const [width, setWidth] = useState<Width>(390);
  return (
    <div className="care-preview">
      <Flex gap="3" wrap="wrap" align="center" mb="3">
        <ToggleGroup
          label="Show the mail as"
          value={view}
          options={[
            { value: "html", label: "HTML" },
            { value: "text", label: "Plain text" },
          ]}
          onChange={setView}
        />
        {view === "html" ? (
          <ToggleGroup
            label="Preview width"
            value={String(width) as `${Width}`}
            options={PREVIEW_WIDTHS.map((w) => ({
              value: String(w) as `${Width}`,
              label: `${w === 390 ? "Phone" : "Desktop"} ${w} px`,
            }))}
            onChange={(v) => setWidth(Number(v) as Width)}
          />
        ) : null}
      </Flex>
      {view === "html" ? (
        <div className="care-frame-wrap">
          <iframe
            title="E-mail preview"
            className="care-frame"
            style={{ width: `${width}px` }}
            data-width={width}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="no-referrer"
            srcDoc={previewSrcDoc(html)}
          />
        </div>
      ) : (
        // Focusable, so the long text can be scrolled from the keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
        <section className="care-plain" aria-label="Plain text part" tabIndex={0}>
          <pre>{text}</pre>
        </section>
      )}
    </div>
  );
}
