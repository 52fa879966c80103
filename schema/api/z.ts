import * as z from "zod";

// The site's Content-Security-Policy forbids eval, and so does workerd: without this, zod probes
// `new Function` on its first parse, which the browser reports as a CSP violation.
z.config({ jitless: true });

export { z };
