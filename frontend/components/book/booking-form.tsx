import { Button, Text, TextArea, TextField } from "@radix-ui/themes";
import { type FormEvent, type ReactNode, useState } from "react";
import {
  accountBookingRequestSchema,
  type BookableService,
  type BookingCreated,
  bookingRequestSchema,
} from "../../../schema/api/bookings";
import { type ContactChannel, contactChannels } from "../../../schema/api/customers";
import { useHydrated } from "../../hooks/use-hydrated";
import { api, HttpError } from "../../lib/api";
import { FactLink } from "../../lib/facts";
import { type FieldErrors, type Form, issuesOf } from "../../lib/use-form";

const fieldNames = ["name", "email", "phone", "postcode", "address", "notes"] as const;
type FieldName = (typeof fieldNames)[number];
/** `contactChannel` "": not chosen, so the customer's choice on file stands (e-mail for someone new). */
export type BookingFields = Record<FieldName, string> & { contactChannel: ContactChannel | "" };

export const emptyBooking: BookingFields = {
  name: "",
  email: "",
  phone: "",
  postcode: "",
  address: "",
  notes: "",
  contactChannel: "",
};

/** How the booking's news and the visit's reminders reach the visitor. */
const channelChoices: Record<ContactChannel, string> = { email: "By e-mail", text: "By text", both: "Both" };

/** Booked from the account, these are the account's (its address, the property's): shown, not sent. */
const accountFields: readonly FieldName[] = ["email", "postcode", "address"];

function Field({ name, label, error, children }: { name: FieldName; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="book-field">
      <label htmlFor={`book-${name}`} className="book-label">
        {label}
      </label>
      {children}
      {error ? (
        <Text id={`book-${name}-error`} size="2" color="red" className="book-error">
          {error}
        </Text>
      ) : null}
    </div>
  );
}

type Props = {
  service: BookableService;
  start: string | null;
  /** The visitor's details, kept by the page while another time is picked. */
  form: Form<BookingFields>;
  onBooked: (booking: BookingCreated) => void;
  /** The slot was taken meanwhile: the picker reloads, the details stay. */
  onTaken: () => void;
  /** Booking from the signed-in account for one of its properties ("Book the check"). */
  accountPropertyId?: number;
  /** The choice of e-mail, text or both: offered to a visitor and to an account at its own property, not to a tenant. */
  chooseChannel?: boolean;
};

/** Moves focus to the first field with a problem (the channel's: its chosen radio). */
function focusFirstError(found: FieldErrors) {
  const first = fieldNames.find((n) => found[n]);
  if (first) document.getElementById(`book-${first}`)?.focus();
  else if (found.contactChannel) document.querySelector<HTMLInputElement>('input[name="book-channel"]:checked')?.focus();
}

export function BookingForm({ service, start, form, onBooked, onTaken, accountPropertyId, chooseChannel = true }: Props) {
  const { values: fields, errors } = form;
  const [problem, setProblem] = useState<string | null>(null);
  const isHydrated = useHydrated();
  const fromAccount = accountPropertyId !== undefined;
  const isFixed = (name: FieldName) => fromAccount && accountFields.includes(name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!start) {
      setProblem("Please choose a day and a time above.");
      return;
    }
    const notes = fields.notes || null;
    const { contactChannel, ...details } = fields;
    const channel = chooseChannel && contactChannel ? { contactChannel } : {};
    const request = fromAccount
      ? { service, start, name: fields.name, phone: fields.phone, notes, propertyId: accountPropertyId, ...channel }
      : { service, start, ...details, notes, ...channel };
    await form.submit(
      async () => onBooked(await api<BookingCreated>(fromAccount ? "/api/account/bookings" : "/api/bookings", { json: request })),
      {
        issues: () => issuesOf(fromAccount ? accountBookingRequestSchema : bookingRequestSchema, request),
        onInvalid: focusFirstError,
        onError: (error, found) => {
          if (error instanceof HttpError && error.status === 409) {
            setProblem("Sorry, that time was just taken. Please pick another; your details are kept.");
            onTaken();
          } else if (error instanceof HttpError && error.status === 400) {
            focusFirstError(found);
            // The server's message says more than a field can (a postcode outside the area gives the phone).
            setProblem(error.serverMessage ?? "Please check your details.");
          } else if (fromAccount && error instanceof HttpError && (error.status === 401 || error.status === 404)) {
            setProblem(
              error.status === 401
                ? "You've been signed out. Please sign in to your account again to book this check."
                : "This property is no longer on your account. Please go back to your account and choose it again.",
            );
          } else if (error instanceof HttpError && error.serverMessage && error.status === 429) {
            setProblem(error.serverMessage);
          } else {
            setProblem("Sorry, we couldn't book that. Please try again, or call us.");
          }
        },
      },
    );
  };

  const input = (name: Exclude<FieldName, "notes" | "address">, type: "text" | "tel" | "email", autoComplete: string) => (
    <TextField.Root
      id={`book-${name}`}
      type={type}
      size="3"
      autoComplete={autoComplete}
      value={fields[name]}
      readOnly={isFixed(name)}
      onChange={(e) => form.set(name, e.target.value)}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `book-${name}-error` : isFixed(name) ? "book-account-note" : undefined}
    />
  );

  return (
    <form className="book-form" aria-label="Your details" onSubmit={submit} noValidate>
      {fromAccount ? (
        <Text as="p" size="2" color="gray" id="book-account-note" className="book-account-note">
          Booked from your account: the visit is at this property, and the confirmation goes to your account's e-mail address.
        </Text>
      ) : null}
      <div className="book-form__grid">
        <Field name="name" label="Full name" error={errors.name}>
          {input("name", "text", "name")}
        </Field>
        <Field name="phone" label="Phone number" error={errors.phone}>
          {input("phone", "tel", "tel")}
        </Field>
        <Field name="email" label="E-mail address" error={errors.email}>
          {input("email", "email", "email")}
        </Field>
        <Field name="postcode" label="Postcode" error={errors.postcode}>
          {input("postcode", "text", "postal-code")}
        </Field>
      </div>
      {chooseChannel ? (
        <fieldset className="book-channel" aria-describedby={errors.contactChannel ? "book-channel-error" : "book-channel-note"}>
          <legend className="book-label">How shall we confirm the booking and remind you of the visit?</legend>
          <div className="book-channel__choices">
            {contactChannels.map((choice) => (
              <label key={choice} className="book-channel__choice">
                <input
                  type="radio"
                  name="book-channel"
                  value={choice}
                  checked={fields.contactChannel === choice}
                  onChange={() => form.set("contactChannel", choice)}
                  aria-invalid={errors.contactChannel && fields.contactChannel === choice ? true : undefined}
                />
                <span>{channelChoices[choice]}</span>
              </label>
            ))}
          </div>
          {errors.contactChannel ? (
            <Text as="p" id="book-channel-error" size="2" color="red" className="book-error">
              {errors.contactChannel}
            </Text>
          ) : null}
          <Text as="p" size="2" color="gray" id="book-channel-note">
            {fromAccount
              ? "Texts go to the mobile number above. Your account keeps this choice for its messages from now on."
              : "Texts go to the mobile number above. Not chosen: by e-mail."}
          </Text>
        </fieldset>
      ) : null}
      <Field name="address" label="Address of the visit" error={errors.address}>
        <TextArea
          id="book-address"
          size="3"
          rows={2}
          autoComplete="street-address"
          value={fields.address}
          readOnly={isFixed("address")}
          onChange={(e) => form.set("address", e.target.value)}
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={errors.address ? "book-address-error" : isFixed("address") ? "book-account-note" : undefined}
        />
      </Field>
      <Field name="notes" label="Anything we should know? (optional)" error={errors.notes}>
        <TextArea
          id="book-notes"
          size="3"
          rows={3}
          placeholder="Boiler make and model, parking, access"
          value={fields.notes}
          onChange={(e) => form.set("notes", e.target.value)}
        />
      </Field>
      {problem || errors.start || errors.service ? (
        <div role="alert" className="book-problem">
          <Text size="2">
            {problem ?? errors.start ?? errors.service} Questions? Call <FactLink to="phone" />.
          </Text>
        </div>
      ) : null}
      <Button type="submit" size="3" disabled={!isHydrated || form.busy} className="book-submit">
        {form.busy ? "Booking…" : "Book this visit"}
      </Button>
    </form>
  );
}
