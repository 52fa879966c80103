// npm run admin:password -- <password>   (or with no argument: asks without echoing it)
// Prints the ADMIN_PASSWORD_HASH for a deploy and the `wrangler secret put` commands to set the admin
// secrets. Same format as worker/lib/password.ts: pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>.
import { randomBytes, webcrypto } from "node:crypto";
import { stdin, stdout } from "node:process";
import { createInterface } from "node:readline";

// workerd refuses PBKDF2 above 100,000 iterations; the Worker checks hashes with that cost.
const ITERATIONS = 100_000;
const MIN_LENGTH = 12;

async function hashPassword(password) {
  const salt = webcrypto.getRandomValues(new Uint8Array(16));
  const key = await webcrypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await webcrypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: ITERATIONS }, key, 256);
  return ["pbkdf2-sha256", ITERATIONS, Buffer.from(salt).toString("base64"), Buffer.from(bits).toString("base64")].join("$");
}

function askHidden(question) {
  const rl = createInterface({ input: stdin, output: stdout, terminal: true });
  // Echo nothing but the prompt while the password is typed.
  rl._writeToOutput = (text) => {
    if (text.startsWith(question)) stdout.write(question);
  };
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      stdout.write("\n");
      resolve(answer);
    }),
  );
}

async function readPassword() {
  const fromArgs = process.argv[2];
  if (fromArgs !== undefined) return fromArgs;
  if (!stdin.isTTY) {
    const chunks = [];
    for await (const chunk of stdin) chunks.push(chunk);
    return Buffer.concat(chunks)
      .toString("utf8")
      .replace(/\r?\n$/, "");
  }
  const first = await askHidden("Admin password: ");
  const second = await askHidden("Repeat it: ");
  if (first !== second) {
    console.error("The two passwords differ. Nothing was printed.");
    process.exit(1);
  }
  return first;
}

const password = await readPassword();
if (password.length < MIN_LENGTH) {
  console.error(`Please choose a password of at least ${MIN_LENGTH} characters.`);
  process.exit(1);
}

const hash = await hashPassword(password);
const jwtSecret = randomBytes(48).toString("base64url");

console.log(`
ADMIN_PASSWORD_HASH:
  ${hash}

Set the admin secrets of the deploy (each command asks for the value; paste it at the prompt):
  npx wrangler secret put ADMIN_USERNAME --env production        # the login name, e.g. owner
  npx wrangler secret put ADMIN_PASSWORD_HASH --env production   # the hash above
  npx wrangler secret put JWT_SECRET --env production            # a long random secret, e.g. the one below

A fresh random JWT_SECRET you can use (changing it later logs every admin out):
  ${jwtSecret}
`);
