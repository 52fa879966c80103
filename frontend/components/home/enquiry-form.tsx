import { Button, Text, TextArea, TextField } from "@radix-ui/themes";
import { type FormEvent, useEffect } from "react";
import type { Enquiry } from "../../../schema/api/enquiries";
import { company, enquiryServiceLabels } from "../../../schema/business";
import { useHydrated } from "../../hooks/use-hydrated";
import { api, HttpError } from "../../lib/api";
import { useFacts } from "../../lib/facts";
import { notify } from "../../lib/toast";
import { type FieldErrors, useForm } from "../../lib/use-form";

type Fields = Required<{ [K in keyof Enquiry]: string }>;
const empty: Fields = { name: "", phone: "", email: "", postcode: "", service: "", message: "" };
const required = ["name", "phone", "email", "postcode", "service"] as const;

/** What a visitor who left a required field blank is asked, beside that field. */
const requiredMessages: Record<(typeof required)[number], string> = {
  name: "Please enter your name",
  phone: "Please enter a phone number we can call you on",
  email: "Please enter your email address",
  postcode: "Please enter your postcode",
  service: "Please choose the service you need",
};

const failureText = (phone: string) => `Sorry, there was a problem submitting your quote. Please call us directly at ${phone}.`;

/** Moves focus to the first field with a problem, so it is seen and its message read out. */
function focusFirstError(errors: FieldErrors) {
  const first = (Object.keys(empty) as (keyof Fields)[]).find((name) => errors[name]);
  if (first) document.getElementById(`quote-${first}`)?.focus();
}

/**
 * The service and postcode a link brings (a service reminder e-mail links to
 * `/?service=annual-service&postcode=M41%205AA#quote`). A service is taken only when it is one of
 * the form's choices; quoteServiceLabels rather than the zod enum keeps zod out of the page.
 */
function prefillFromUrl(search: string): Partial<Fields> {
  const params = new URLSearchParams(search);
  const service = params.get("service") ?? "";
  const postcode = params.get("postcode")?.trim() ?? "";
  return {
    ...(Object.hasOwn(enquiryServiceLabels, service) && { service }),
    ...(postcode && { postcode }),
  };
}

/** The quote form: idle → submitting → success (cleared) or error. */
export function EnquiryForm() {
  // The server's words about a field it refused go beside that field; about anything else, in a toast.
  const form = useForm<Fields>({ initial: empty, fields: Object.keys(empty) });
  const { values, errors } = form;
  // Before hydration the browser would submit the form itself, putting the visitor's details in a URL.
  const isHydrated = useHydrated();
  const { phone } = useFacts();

  // The page is prerendered without the query string: the link's values come in after hydration,
  // never over anything the visitor has already typed.
  useEffect(() => {
    const prefill = prefillFromUrl(window.location.search);
    if (Object.keys(prefill).length === 0) return;
    form.update((current) => ({
      ...current,
      service: current.service || prefill.service || "",
      postcode: current.postcode || prefill.postcode || "",
    }));
  }, [form.update]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.submit(
      async () => {
        await api("/api/quotes", { json: values });
        notify({
          title: "Quote Request Submitted Successfully!",
          description: `Thank you! We'll contact you within ${company.enquiryResponseHours} hours during business hours.`,
          variant: "success",
        });
        form.reset(empty);
      },
      {
        // A blank field is said beside it, not in a toast: nothing went wrong, something is missing.
        issues: () =>
          required.filter((name) => !values[name].trim()).map((name) => ({ path: name, message: requiredMessages[name] })),
        onInvalid: focusFirstError,
        onError: (error, found) => {
          // Too many requests from this connection: the server's message says what to do instead.
          if (error instanceof HttpError && error.status === 429 && error.serverMessage) {
            notify({ title: "Error Submitting Quote", description: error.serverMessage, variant: "destructive" });
            return;
          }
          // A field the server refused is named beside it, alone: the visitor can fix it.
          if (Object.keys(found).length > 0) return focusFirstError(found);
          const serverMessage = error instanceof HttpError && error.status === 400 ? error.serverMessage : undefined;
          notify({
            title: "Error Submitting Quote",
            description: serverMessage ? `${serverMessage} ${failureText(phone)}` : failureText(phone),
            variant: "destructive",
          });
        },
      },
    );
  };

  const field = (name: keyof Fields) => ({ ...form.text(name, `quote-${name}`), name });
  const error = (name: keyof Fields) =>
    errors[name] ? (
      <Text id={`quote-${name}-error`} size="2" color="red" className="quote-form__error">
        {errors[name]}
      </Text>
    ) : null;

  return (
    <form className="card quote-form" onSubmit={submit} noValidate aria-labelledby="quote-form-title">
      <h3 id="quote-form-title" className="quote-form__title">
        Request your free quote
      </h3>
      <p className="quote-form__note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <div className="quote-form__grid">
        <div className="quote-form__field">
          <label htmlFor="quote-name">Full name *</label>
          <TextField.Root size="3" autoComplete="name" aria-required {...field("name")} />
          {error("name")}
        </div>
        <div className="quote-form__field">
          <label htmlFor="quote-phone">Phone *</label>
          <TextField.Root size="3" type="tel" autoComplete="tel" aria-required {...field("phone")} />
          {error("phone")}
        </div>
        <div className="quote-form__field">
          <label htmlFor="quote-email">Email *</label>
          <TextField.Root size="3" type="email" autoComplete="email" aria-required {...field("email")} />
          {error("email")}
        </div>
        <div className="quote-form__field">
          <label htmlFor="quote-postcode">Postcode *</label>
          <TextField.Root size="3" autoComplete="postal-code" autoCapitalize="characters" aria-required {...field("postcode")} />
          {error("postcode")}
        </div>
        <div className="quote-form__field quote-form__field--wide">
          <label htmlFor="quote-service">Service required *</label>
          <select className="native-select" data-empty={values.service === "" || undefined} aria-required {...field("service")}>
            <option value="" disabled>
              Choose a service
            </option>
            {Object.entries(enquiryServiceLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {error("service")}
        </div>
        <div className="quote-form__field quote-form__field--wide">
          <label htmlFor="quote-message">Message (optional)</label>
          <TextArea size="3" rows={4} placeholder="Tell us a little about the job" {...field("message")} />
          {error("message")}
        </div>
      </div>
      <Button type="submit" size="4" disabled={!isHydrated || form.busy} className="quote-form__submit">
        {form.busy ? "Submitting..." : "Get My Free Quote"}
      </Button>
      <p className="quote-form__promise">
        We reply within {company.enquiryResponseHours} hours during business hours. No obligation, no call-out charge.
      </p>
    </form>
  );
}
