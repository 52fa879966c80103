// Adds the other platforms' optional binary packages (biome, workerd for macOS/Windows/musl…) to
// package-lock.json when the registry this lockfile was made with does not serve them: without
// these entries `npm ci` refuses the lockfile as "out of sync". Each entry carries the os/cpu/libc
// that npm uses to skip it on other machines, so nothing is ever fetched for them here, and on a
// machine of that platform npm resolves it by name and version. Run `npm run lock:platforms` after
// `npm install`; `--check` (run by `npm test`) fails when the lockfile needs it.
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = "package-lock.json";
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

function platformOf(name) {
  const tokens = name.split("/").pop().split("-");
  const os = tokens.includes("darwin")
    ? "darwin"
    : tokens.includes("win32") || tokens.includes("windows")
      ? "win32"
      : tokens.includes("android")
        ? "android"
        : tokens.includes("linux")
          ? "linux"
          : tokens.includes("freebsd")
            ? "freebsd"
            : null;
  const cpu = tokens.includes("arm64")
    ? "arm64"
    : tokens.includes("x64") || tokens.includes("64")
      ? "x64"
      : tokens.includes("ia32")
        ? "ia32"
        : null;
  const libc = tokens.includes("musl") ? "musl" : null;
  return { os, cpu, libc };
}

/** Where node resolution from `fromPath` finds `name` at `version`, if anywhere in the lock. */
function resolve(fromPath, name, version) {
  let dir = fromPath;
  while (true) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return packages[candidate].version === version ? candidate : null;
    if (!dir) return null;
    const idx = dir.lastIndexOf("/node_modules/");
    dir = idx === -1 ? "" : dir.slice(0, idx);
  }
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  const optional = meta.optionalDependencies ?? {};
  const present = Object.entries(optional)
    .map(([dep, version]) => resolve(path, dep, version))
    .filter(Boolean);
  if (present.length === 0) continue;
  // Place missing siblings in the same folder npm put an installed sibling in.
  const siblingDir = present[0].slice(0, present[0].lastIndexOf("node_modules/") + "node_modules/".length);
  for (const [dep, version] of Object.entries(optional)) {
    if (resolve(path, dep, version)) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os) continue;
    packages[`${siblingDir}${dep}`] = {
      version,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(meta.dev ? { dev: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      os: [os],
    };
    added += 1;
  }
}

if (process.argv.includes("--check")) {
  if (added > 0) {
    console.error(`lock-platforms: package-lock.json lacks ${added} platform entries; run \`npm run lock:platforms\``);
    process.exit(1);
  }
  console.log("lock-platforms: package-lock.json is complete");
  process.exit(0);
}
if (added === 0) process.exit(0);
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platforms: ${added} platform package entries added`);
