// Where a built script's code came from, for the measuring scripts (bundle-report, trace): the npm
// package, or the app's folder two levels deep, read through the build's source maps.
import { relative } from "node:path";
import { decode } from "@jridgewell/sourcemap-codec";

/** The origin of a source file's absolute path: "react-dom", "frontend/components/home/", "schema/facts.ts". */
export function originOf(path, root = process.cwd()) {
  const clean = path.replace(/^\0/, "").split("?")[0];
  const nm = clean.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const parts = clean.slice(nm + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const inApp = relative(root, clean);
  if (inApp.startsWith("..") || inApp === clean) return "(bundler)";
  const parts = inApp.split("/");
  return parts.length > 3 ? `${parts.slice(0, 3).join("/")}/` : inApp;
}

/**
 * A source map's lines, decoded, and a lookup of the source index at a generated position (0-based
 * line and column): the last segment at or before the column.
 */
export function mapLookup(map) {
  const lines = decode(map.mappings);
  return (line, column) => {
    const segments = lines[line];
    if (!segments?.length) return undefined;
    let low = 0;
    let high = segments.length - 1;
    if (segments[0][0] > column) return undefined;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (segments[mid][0] <= column) low = mid;
      else high = mid - 1;
    }
    return segments[low].length > 1 ? segments[low][1] : undefined;
  };
}
