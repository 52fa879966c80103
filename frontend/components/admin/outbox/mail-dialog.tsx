import { Button, Dialog, Flex, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { SentAttachment } from "../../../../schema/api/campaigns";
import { CloseIcon } from "../icons";
import { MailPreview } from "./mail-preview";

export type PreviewedMail = {
  subject: string;
  to: string;
  html: string;
  text: string;
  /** A line under the subject: when it went, or which template it is. */
  about: ReactNode;
  headers?: Record<string, string>;
  attachments?: SentAttachment[];
};

/** One e-mail opened: who it went to, its extra headers and attachments, and the preview. */
export function MailDialog({ mail, onClose }: { mail: PreviewedMail | null; onClose: () => void }) {
  const headers = Object.entries(mail?.headers ?? {});
  return (
    <Dialog.Root open={mail !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {mail ? (
        <Dialog.Content maxWidth="720px" className="care-dialog" aria-describedby="mail-dialog-about">
          <Flex justify="between" align="start" gap="3">
            <Dialog.Title size="4" mb="1" className="care-wrap">
              {mail.subject}
            </Dialog.Title>
            <Dialog.Close>
              <Button variant="ghost" color="gray" aria-label="Close">
                <CloseIcon />
              </Button>
            </Dialog.Close>
          </Flex>
          <Text as="p" size="2" color="gray" id="mail-dialog-about" className="care-wrap">
            To {mail.to} · {mail.about}
          </Text>
          {headers.length > 0 ? (
            <details className="care-details">
              <summary>Extra headers ({headers.length})</summary>
              <dl>
                {headers.map(([name, value]) => (
                  <div key={name}>
                    <dt>{name}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </details>
          ) : null}
          {mail.attachments?.length ? (
            <Text as="p" size="2" mt="2">
              Attached:{" "}
              {mail.attachments.map((a, i) => (
                <span key={a.name}>
                  {i > 0 ? ", " : null}
                  <a
                    href={
                      "base64" in a
                        ? `data:${a.contentType};base64,${a.base64}`
                        : `data:${a.contentType.split(";")[0]},${encodeURIComponent(a.content)}`
                    }
                    download={a.name}
                  >
                    {a.name}
                  </a>
                </span>
              ))}
            </Text>
          ) : null}
          <div className="care-dialog-preview">
            <MailPreview html={mail.html} text={mail.text} />
          </div>
        </Dialog.Content>
      ) : null}
    </Dialog.Root>
  );
}
