import type { TestProject } from "vitest/node";
import { startFakeMailProvider } from "./fakes/mail-provider";
import { startFakeSms } from "./fakes/sms";
import { startFakeStripe } from "./fakes/stripe";

declare module "vitest" {
  export interface ProvidedContext {
    stripeApiBase: string;
    mailApiBase: string;
    smsApiBase: string;
  }
}

/** Runs in Node before the Workers pool starts: the fakes of outside services, on loopback ports. */
export default async function setup(project: TestProject) {
  const [stripe, mail, sms] = await Promise.all([startFakeStripe(), startFakeMailProvider(), startFakeSms()]);
  project.provide("stripeApiBase", stripe.url);
  project.provide("mailApiBase", mail.url);
  project.provide("smsApiBase", sms.url);
  return async () => {
    await Promise.all([stripe.close(), mail.close(), sms.close()]);
  };
}
