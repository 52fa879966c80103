// npm start: build the app, migrate and seed local D1, then serve the built app with the Worker
// on http://localhost:8787 (or $PORT).
import { execFileSync, spawn } from "node:child_process";

const step = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit", env: process.env });

step("npm", ["run", "build"]);
step("node", ["scripts/local-db.mjs"]);
const port = process.env.PORT ?? "8787";
console.log(`\nServing on http://localhost:${port}  (admin: /admin/login, user "admin", password "admin-dev-password")\n`);
const server = spawn(process.execPath, ["node_modules/vite/bin/vite.js", "preview", "--port", port, "--strictPort"], {
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
