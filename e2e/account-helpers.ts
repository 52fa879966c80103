import type { APIRequestContext } from "@playwright/test";
import type { OutboxEmail } from "../schema/api/campaigns";
import { adminGet, expect } from "./admin-fixtures";

/** The sign-in link e-mailed to `email`, from the local outbox (its path and secret fragment). */
export async function signInLink(request: APIRequestContext, token: string, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const outbox = await adminGet<OutboxEmail[]>(request, token, "/api/admin/outbox?limit=20");
        const mail = outbox.find((m) => m.to === email && /\/account\/sign-in#/.test(m.text));
        link = mail ? /https?:\/\/\S+\/account\/sign-in#[\w-]+/.exec(mail.text)?.[0] : undefined;
        return link;
      },
      { message: `sign-in e-mail to ${email}`, timeout: 20_000, intervals: [250] },
    )
    .toBeTruthy();
  return new URL(link!).pathname + new URL(link!).hash;
}
