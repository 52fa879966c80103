import { Button, Dialog, Flex, IconButton, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { SIGNUP_CHECK_INBOX } from "../../../schema/api/constants";
import { signupConsentText } from "../../../schema/business";
import { api, HttpError } from "../../lib/api";
import { notify } from "../../lib/toast";
import "./signup-dialog.css";
import { useReturnFocus } from "../../hooks/use-return-focus";
import { CloseIcon, MailIcon } from "./icons";

/** The sign-up dialog, loaded when the modal first opens. */
export default function SignupDialog({ isOpen, setOpen }: { isOpen: boolean; setOpen: (open: boolean) => void }) {
  const [email, setEmail] = useState("");
  const [isPending, setPending] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const returnFocus = useReturnFocus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value.includes("@")) {
      setHint("Please enter a valid email address.");
      return;
    }
    setHint(null);
    setPending(true);
    try {
      await api("/api/email-signups", { json: { email: value, source: window.location.pathname } });
      // Confirmed opt-in: nothing is sent until the visitor follows the link in that e-mail.
      notify({ title: "Check your inbox", description: SIGNUP_CHECK_INBOX, variant: "success" });
      setEmail("");
      setOpen(false);
    } catch (error) {
      const message = error instanceof HttpError ? error.serverMessage : undefined;
      notify({ title: "Oops!", description: message ?? "Something went wrong. Please try again.", variant: "destructive" });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog.Root open={isOpen} onOpenChange={setOpen}>
      <Dialog.Content className="signup-dialog" maxWidth="460px" {...returnFocus}>
        <div className="signup-dialog__banner" aria-hidden="true">
          <MailIcon size={30} />
        </div>
        <Dialog.Close>
          <IconButton className="signup-dialog__close" variant="ghost" color="gray" size="3" aria-label="Close">
            <CloseIcon size={20} />
          </IconButton>
        </Dialog.Close>
        <Dialog.Title size="7" align="center" className="signup-dialog__title">
          Save Money on Your Heating Bills!
        </Dialog.Title>
        <Dialog.Description size="3" align="center" color="gray" mb="5">
          Join our mailing list for exclusive deals on boiler services, installation discounts, seasonal offers and expert tips to
          keep your home warm for less.
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="3">
            <label htmlFor="signup-email" className="visually-hidden">
              Email address
            </label>
            <TextField.Root
              id="signup-email"
              type="email"
              name="email"
              size="3"
              required
              autoComplete="email"
              placeholder="Enter your email address"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={hint ? true : undefined}
              aria-describedby={hint ? "signup-email-hint" : undefined}
            />
            {hint ? (
              <Text id="signup-email-hint" size="2" color="red" role="alert">
                {hint}
              </Text>
            ) : null}
            <Button type="submit" size="4" disabled={!email.trim() || isPending} className="signup-dialog__submit">
              {isPending ? "SIGNING UP..." : "GET EXCLUSIVE DEALS"}
            </Button>
          </Flex>
        </form>
        <Text as="p" size="1" color="gray" align="center" mt="4">
          {signupConsentText}
        </Text>
      </Dialog.Content>
    </Dialog.Root>
  );
}
