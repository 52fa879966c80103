import { Card, Flex, Heading } from "@radix-ui/themes";
import { type ReactNode, useEffect, useRef } from "react";
import { MailIcon } from "../site/icons";
import { CheckCircleIcon, XCircleIcon } from "../store/icons";
import "./cart.css";

type Props = {
  tone: "success" | "cancelled" | "info";
  title: string;
  children: ReactNode;
  actions: ReactNode;
  focusTitle?: boolean;
};

/**
 * The outcome screens (order placed, payment successful or cancelled, a sign-up to confirm). `focusTitle` moves focus to
 * the title when the outcome replaces a form, so screen readers announce it.
 */
export function ResultCard({ tone, title, children, actions, focusTitle = false }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <Card size="4" className="result-card">
      <Flex direction="column" align="center" gap="3" py="4">
        <span className={`result-card__icon result-card__icon--${tone}`}>
          {tone === "success" ? (
            <CheckCircleIcon size={48} />
          ) : tone === "info" ? (
            <MailIcon size={44} />
          ) : (
            <XCircleIcon size={48} />
          )}
        </span>
        <Heading
          as="h1"
          size="7"
          align="center"
          ref={heading}
          tabIndex={focusTitle ? -1 : undefined}
          className="result-card__title"
        >
          {title}
        </Heading>
        {children}
        <Flex gap="3" mt="3" wrap="wrap" justify="center">
          {actions}
        </Flex>
      </Flex>
    </Card>
  );
}
