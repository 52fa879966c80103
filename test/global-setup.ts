import type { TestProject } from "vitest/node";
import { startFakeMailProvider } from "./fakes/mail-provider";
import { startFakeStripe } from "./fakes/stripe";

declare module "vitest" {
  export interface ProvidedContext {
    stripeApiBase: string;
    mailApiBase: string;
  }
}

/** Runs in Node before the Workers pool starts: the fakes of outside services, on loopback ports. */
export default async function setup(project: TestProject) {
  const [stripe, mail] = await Promise.all([startFakeStripe(), startFakeMailProvider()]);
  project.provide("stripeApiBase", stripe.url);
  project.provide("mailApiBase", mail.url);
  return async () => {
    await Promise.all([stripe.close(), mail.close()]);
  };
}
