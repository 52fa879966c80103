import { type FormEvent, useEffect, useRef } from "react";
import { type HandoverFields, useHandoverForm } from "../../hooks/use-handover-form";

/** chatHandoverSchema's limit for the one optional line (schema/api/chat.ts). */
const MESSAGE_MAX_LENGTH = 300;
const ID = "chat-handover";

type Props = {
  isOpen: boolean;
  onSent: (reply: string) => void;
  onClose: () => void;
  /** Brings the form into view in the conversation before its first field takes focus. */
  onShow: (form: HTMLFormElement) => void;
};

const fields: { name: keyof HandoverFields; label: string; autoComplete?: string; maxLength?: number }[] = [
  { name: "name", label: "Your name", autoComplete: "name" },
  { name: "contact", label: "Phone or e-mail" },
  { name: "message", label: "What's it about? (optional)", maxLength: MESSAGE_MAX_LENGTH },
];

/**
 * The "talk to a person" form under the conversation: it becomes a call-back request the team
 * answers. Closed, it is hidden rather than unmounted, so what the visitor typed survives.
 */
export function HandoverForm({ isOpen, onSent, onClose, onShow }: Props) {
  const form = useHandoverForm(onSent);
  const formRef = useRef<HTMLFormElement>(null);
  const { prefetch } = form;

  useEffect(() => {
    if (!isOpen || !formRef.current) return;
    void prefetch().catch(() => {});
    onShow(formRef.current);
    formRef.current.querySelector<HTMLInputElement>("input")?.focus();
  }, [isOpen, onShow, prefetch]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = await form.submit();
    const first = fields.find((f) => invalid[f.name]);
    if (first) document.getElementById(`${ID}-${first.name}`)?.focus();
  };

  return (
    <form ref={formRef} className="chat-handover" aria-labelledby={`${ID}-title`} hidden={!isOpen} noValidate onSubmit={submit}>
      <h3 id={`${ID}-title`} className="chat-handover__title">
        Talk to a person
      </h3>
      <p className="chat-handover__lead">Leave your details and one of the team will get back to you.</p>
      {fields.map(({ name, label, autoComplete, maxLength }) => {
        const error = form.errors[name];
        return (
          <div key={name} className="chat-handover__field">
            <label htmlFor={`${ID}-${name}`}>{label}</label>
            <input
              id={`${ID}-${name}`}
              className="chat-handover__input"
              type="text"
              name={name}
              autoComplete={autoComplete ?? "off"}
              maxLength={maxLength}
              value={form.fields[name]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ID}-${name}-error` : undefined}
              onChange={(e) => form.setField(name, e.target.value)}
            />
            {error ? (
              <p id={`${ID}-${name}-error`} className="chat-handover__error">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {form.formError ? (
        <p className="chat-handover__error chat-handover__error--form" role="alert">
          {form.formError}
        </p>
      ) : null}
      <div className="chat-handover__actions">
        <button type="submit" className="chat-handover__submit" disabled={form.isSubmitting}>
          {form.isSubmitting ? "Sending..." : "Send my details"}
        </button>
        <button type="button" className="chat-handover__dismiss" onClick={onClose}>
          Not now
        </button>
      </div>
    </form>
  );
}
