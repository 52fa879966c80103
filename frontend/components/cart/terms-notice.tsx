import { Text } from "@radix-ui/themes";
import { Link } from "wouter";

/** Beside every button that places an order or starts a payment: what the visitor agrees to. */
export function TermsNotice({ action }: { action: string }) {
  return (
    <Text as="p" size="2" color="gray" className="terms-notice">
      By {action} you agree to our <Link href="/terms">Terms of Service</Link> and our <Link href="/privacy">Privacy Notice</Link>
      .
    </Text>
  );
}
