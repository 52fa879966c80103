import { Button } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import type { AccountDetails, AccountSummary } from "../../../schema/api/account";
import { PHONE_MESSAGE, PHONE_PATTERN } from "../../../schema/api/constants";
import { api } from "../../lib/api";
import { linkFailure } from "../../lib/linked-page";
import { notify } from "../../lib/toast";
import { useForm } from "../../lib/use-form";

type DetailsForm = { firstName: string; lastName: string; phone: string };
const fields = ["firstName", "lastName", "phone"] as const;

/** The customer's name and phone number, changed here; the e-mail address is the sign-in. */
export function AccountDetailsCard({
  summary,
  onChange,
}: {
  summary: AccountSummary;
  onChange: (summary: AccountSummary) => void;
}) {
  const [editing, setEditing] = useState(false);
  const { details } = summary;
  return (
    <section className="card quote-form" aria-labelledby="account-details">
      <h2 id="account-details">Your details</h2>
      {!details ? (
        <p>We hold no name or phone number for this address.</p>
      ) : editing ? (
        <DetailsEditor
          details={details}
          onSaved={(saved) => {
            onChange({ ...summary, details: saved, name: `${saved.firstName} ${saved.lastName}`.trim() });
            setEditing(false);
            notify({ title: "Details saved" });
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <dl className="account-details">
            <dt>Name</dt>
            <dd>{`${details.firstName} ${details.lastName}`.trim()}</dd>
            <dt>Phone</dt>
            <dd>{details.phone ?? "None given"}</dd>
            <dt>E-mail</dt>
            <dd>{summary.email}</dd>
          </dl>
          <p className="quote-small">To change your e-mail address, which you sign in with, please call us.</p>
          <div className="cta-row">
            <Button size="3" variant="soft" onClick={() => setEditing(true)}>
              Change my details
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** The details' form: each problem, the server's too, said at its field. */
function DetailsEditor({
  details,
  onSaved,
  onCancel,
}: {
  details: AccountDetails;
  onSaved: (saved: AccountDetails) => void;
  onCancel: () => void;
}) {
  const form = useForm<DetailsForm>({
    initial: () => ({ firstName: details.firstName, lastName: details.lastName, phone: details.phone ?? "" }),
    idPrefix: "account",
    fields,
  });
  const { values, errors } = form;

  async function save(event: FormEvent) {
    event.preventDefault();
    await form.submit(async () => onSaved(await api<AccountDetails>("/api/account/details", { method: "PATCH", json: values })), {
      // The number is checked here as the API checks it (the shared pattern, without the schema's weight).
      issues: () => (PHONE_PATTERN.test(values.phone.trim()) ? [] : [{ path: "phone", message: PHONE_MESSAGE }]),
      onError: (error, found) => {
        if (Object.keys(found).length === 0)
          notify({ title: "Not saved", description: linkFailure(error), variant: "destructive" });
      },
    });
  }

  const problem = (name: (typeof fields)[number]) =>
    errors[name] ? (
      <p id={`account-${name}-error`} className="account-alert" role="alert">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="quote-form" onSubmit={save}>
      <label>
        First name
        <input type="text" name="firstName" {...form.text("firstName")} required maxLength={60} autoComplete="given-name" />
      </label>
      {problem("firstName")}
      <label>
        Last name
        <input type="text" name="lastName" {...form.text("lastName")} required maxLength={60} autoComplete="family-name" />
      </label>
      {problem("lastName")}
      <label>
        Phone number
        <input type="tel" name="phone" {...form.text("phone")} maxLength={20} autoComplete="tel" />
      </label>
      {problem("phone")}
      <div className="cta-row">
        <Button size="3" type="submit" disabled={form.busy}>
          {form.busy ? "Saving…" : "Save my details"}
        </Button>
        <Button size="3" type="button" variant="soft" color="gray" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
