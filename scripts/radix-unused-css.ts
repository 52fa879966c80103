import postcss from "postcss";
import type { Plugin } from "vite";

/**
 * Radix Themes ships one components.css with the rules of all its components (about 410 KB); the
 * site uses fewer than half of them. Every page downloads, parses and applies the whole stylesheet,
 * so the rules of components this app never renders are dropped from it when it is built: about
 * 150 KB, close to a quarter of the app's CSS.
 *
 * The list names Radix's component classes by prefix ("Radio" covers rt-RadioRoot, rt-RadioCardsItem and
 * rt-RadioGroupRoot). A rule goes only when every component
 * class in its selector is listed; rules that name none (resets, theme variables) always stay. If
 * the app starts using a listed component, the build stops and says which one to take off the list.
 */
export const UNUSED_RADIX_COMPONENTS = [
  "Avatar",
  "BaseMenu",
  "BaseRadio",
  "Blockquote",
  "CheckboxCards",
  "CheckboxGroup",
  "ContextMenu",
  "DropdownMenu",
  "Em",
  "HoverCard",
  "Inset",
  "Kbd",
  "Popover",
  "Progress",
  "Quote",
  "Radio",
  "Section",
  "SegmentedControl",
  "Skeleton",
  "Slider",
  "Strong",
  "TabNav",
  "Table",
  "ThemePanel",
  "Tooltip",
] as const;

const componentClass = /rt-([A-Z][A-Za-z]*)/g;

/** True when `name` (the class after "rt-") belongs to a listed component. */
const isUnused = (name: string) => UNUSED_RADIX_COMPONENTS.some((component) => name.startsWith(component));

/**
 * Drops the selectors `drop` names from every rule (keyframe steps aside), then the rules left with
 * none and the at-rules left empty.
 */
function pruneSelectors(css: string, drop: (selector: string) => boolean): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter((selector) => !drop(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

/** A selector goes when every component class it names is an unused component's. */
export const pruneRadixComponentsCss = (css: string) =>
  pruneSelectors(css, (selector) => {
    const names = [...selector.matchAll(componentClass)].map((m) => m[1] ?? "");
    return names.length > 0 && names.every(isUnused);
  });

/**
 * Radix also writes every responsive variant of every size, spacing and layout class for each of its
 * five breakpoints, whether or not a page asks for it: about 55 KB of CSS per breakpoint. No screen
 * here asks for a layout at the two widest (lg, 1280 px; xl, 1640 px: the site's pages top out at
 * 1136 px), so their variants are dropped. A responsive prop naming one of them stops the build.
 */
export const UNUSED_BREAKPOINTS = ["lg", "xl"] as const;
const unusedBreakpointClass = new RegExp(`\\.(?:${UNUSED_BREAKPOINTS.join("|")})\\\\:`);
/** A responsive prop value naming an unused breakpoint: `{ initial: "1", lg: "2" }`. */
const unusedBreakpointProp = new RegExp(
  `\\{[^{}]*\\b(?:initial|xs|sm|md)\\s*:[^{}]*\\b(${UNUSED_BREAKPOINTS.join("|")})\\s*:[^{}]*\\}`,
);

export const pruneUnusedBreakpoints = (css: string) => pruneSelectors(css, (selector) => unusedBreakpointClass.test(selector));

export function radixUnusedCss(): Plugin {
  return {
    name: "radix-unused-css",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0] ?? "";
      if (/@radix-ui[\\/]themes[\\/]components\.css$/.test(file))
        return { code: pruneUnusedBreakpoints(pruneRadixComponentsCss(code)), map: null };
      if (/@radix-ui[\\/]themes[\\/]utilities\.css$/.test(file)) return { code: pruneUnusedBreakpoints(code), map: null };
      if (/[\\/]frontend[\\/].*\.tsx?$/.test(file)) {
        const used = code.match(unusedBreakpointProp);
        if (used)
          this.error(
            `${file} asks for the ${used[1]} breakpoint (${used[0]}), whose CSS is left out of the build: ` +
              "take it off UNUSED_BREAKPOINTS in scripts/radix-unused-css.ts.",
          );
      }
      return null;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        for (const [, name = ""] of chunk.code.matchAll(componentClass)) {
          if (isUnused(name))
            this.error(
              `${chunk.fileName} renders the Radix component class rt-${name}, whose CSS is left out of the build: ` +
                "take its component off UNUSED_RADIX_COMPONENTS in scripts/radix-unused-css.ts.",
            );
        }
      }
    },
  };
}
