import type { TestProject } from "vitest/node";
import { startFakeMailProvider } from "./fakes/mail-provider";
import { startFakeSms } from "./fakes/sms";
import { startFakeStripe } from "./fakes/stripe";
import { startFakeXero } from "./fakes/xero";

declare module "vitest" {
  export interface ProvidedContext {
    stripeApiBase: string;
    mailApiBase: string;
    xeroApiBase: string;
    smsApiBase: string;
  }
}

/** Runs in Node before the Workers pool starts: the fakes of outside services, on loopback ports. */
export default async function setup(project: TestProject) {
  const [stripe, mail, xero, sms] = await Promise.all([
    startFakeStripe(),
    startFakeMailProvider(),
    startFakeXero(),
    startFakeSms(),
  ]);
  project.provide("stripeApiBase", stripe.url);
  project.provide("mailApiBase", mail.url);
  project.provide("xeroApiBase", xero.url);
  project.provide("smsApiBase", sms.url);
  return async () => {
    await Promise.all([stripe.close(), mail.close(), xero.close(), sms.close()]);
  };
}
