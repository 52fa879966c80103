import { Button, Callout, Flex, Heading, Text } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import { company } from "../../../../schema/business";
import { copyText, downloadText } from "../../../lib/admin/text-export";

const asText = (codes: string[]) =>
  [
    `${company.name}: back-office recovery codes`,
    "Each code signs you in once, in place of the code from your app. Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");

/**
 * The ten recovery codes, shown this once right after two-step sign-in is turned on: the server
 * keeps only their hashes. The heading takes focus, so a screen reader starts here.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="recovery-codes-title" className="admin-recovery">
      <Heading as="h3" size="4" id="recovery-codes-title" ref={heading} tabIndex={-1} className="admin-focus-title">
        Save your recovery codes
      </Heading>
      <Callout.Root color="amber" highContrast mt="3" size="1">
        <Callout.Text>
          <strong>These codes won't be shown again.</strong> Each one signs you in once if your phone is lost or broken. Save them
          now, somewhere other than your phone: a password manager, or printed and kept safe.
        </Callout.Text>
      </Callout.Root>
      <ol className="admin-recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Flex gap="3" wrap="wrap">
        <Button type="button" variant="soft" onClick={() => copyText(codes.join("\n"), "Recovery codes")}>
          Copy all
        </Button>
        <Button type="button" variant="soft" onClick={() => downloadText("recovery-codes.txt", asText(codes))}>
          Download as text
        </Button>
        <Button type="button" onClick={onDone} className="admin-push-right">
          I've saved them
        </Button>
      </Flex>
      <Text as="p" size="1" color="gray" mt="3">
        Running out? Turn two-step sign-in off and on again to get ten new codes.
      </Text>
    </section>
  );
}
