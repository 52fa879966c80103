import { Button, Callout, Flex, Grid, Text } from "@radix-ui/themes";
import { type FormEvent, useEffect, useState } from "react";
import { type BusinessFactsPatch, type BusinessSettings, businessFactsPatchSchema } from "../../../../schema/api/settings";
import { formatDateTime } from "../../../../schema/london-time-text";
import { settings as appSettings } from "../../../../schema/settings";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { HttpError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { type FieldErrors, useForm } from "../../../lib/use-form";
import { HoursFields } from "./hours-fields";
import { OffersFields } from "./offers-fields";
import { PackagePriceFields, RepairPriceFields, ServicePriceFields } from "./price-fields";
import { RatingFields } from "./rating-fields";
import { type Bind, idFor, SettingsSection, TextSetting } from "./settings-fields";
import { blankOffer, changedGroups, type SettingsForm as FormState, formFrom, groupLabels, setAt } from "./settings-form-state";

const minutesLive = Math.ceil(appSettings.facts.cacheSeconds / 60);

/** Moves focus to the first field with a problem, in the order of the page. */
function focusFirstError(errors: FieldErrors) {
  const fields = Object.keys(errors)
    .map((path) => document.getElementById(idFor(path)))
    .filter((el): el is HTMLElement => el !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  fields[0]?.focus();
}

/**
 * The owner's facts: contact, address, hours, Gas Safe number, prices and offers. Checked with the
 * API's own schema first; only the groups that changed are sent, and each problem (the server's
 * too) shows beside its field.
 */
export function SettingsForm({
  settings,
  onSave,
  onReplaced,
}: {
  settings: BusinessSettings;
  onSave: (patch: BusinessFactsPatch, version: string | null) => Promise<BusinessSettings>;
  /** Someone else's newer save, taken in by "Reload theirs". */
  onReplaced: (current: BusinessSettings) => unknown;
}) {
  const form = useForm<FormState>({
    initial: () => formFrom(settings.facts),
    schema: businessFactsPatchSchema,
    input: (values, initial) => changedGroups(initial, values),
  });
  const { values, errors, busy } = form;
  // The version the form was filled from, and a newer one found on saving (another tab or phone).
  const [version, setVersion] = useState<string | null>(settings.updatedAt);
  const [elsewhere, setElsewhere] = useState<BusinessSettings | null>(null);
  const pending = Object.keys(changedGroups(form.initial, values)) as (keyof typeof groupLabels)[];

  // Leaving with unsaved changes asks first (the browser's own prompt).
  useEffect(() => {
    if (pending.length === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [pending.length]);

  const bind: Bind = {
    form: values,
    errors,
    set: (path, value) => {
      form.update((f) => setAt(f, path.split("."), value));
      // Opening or closing a day settles its times' problems too.
      form.clearErrors(path.endsWith(".open") ? path.slice(0, -".open".length) : path);
    },
  };

  const addOffer = () => {
    const offer = blankOffer();
    const index = values.offers.length;
    form.update((f) => ({ ...f, offers: [...f.offers, offer] }));
    requestAnimationFrame(() => document.getElementById(idFor(`offers.${index}.title`))?.focus());
  };
  const removeOffer = (index: number) => {
    form.update((f) => ({ ...f, offers: f.offers.filter((_, i) => i !== index) }));
    // Problems are kept by position, so the ones below would now point at the wrong offer.
    form.clearErrors("offers");
  };

  function reloadTheirs() {
    if (!elsewhere) return;
    form.reset(formFrom(elsewhere.facts));
    setVersion(elsewhere.updatedAt);
    void onReplaced(elsewhere);
    setElsewhere(null);
  }

  /** "Keep mine": the changes go over the newer version, the one the owner has now been shown. */
  function keepMine() {
    if (!elsewhere) return;
    setVersion(elsewhere.updatedAt);
    setElsewhere(null);
    void save(elsewhere.updatedAt);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    await save(version);
  }

  async function save(over: string | null) {
    if (pending.length === 0) {
      notify({ title: "Nothing to save", description: "You haven't changed anything yet." });
      return;
    }
    await form.submit(
      async (_data, changes) => {
        const saved = await onSave(changes as BusinessFactsPatch, over);
        form.reset(formFrom(saved.facts));
        setVersion(saved.updatedAt);
        setElsewhere(null);
        notify({
          title: "Settings saved",
          description: `${pending.map((g) => groupLabels[g]).join(", ")} saved. The public pages show the change within ${minutesLive} minutes.`,
          variant: "success",
        });
      },
      {
        onInvalid: (found) => requestAnimationFrame(() => focusFirstError(found)),
        onError: (e, found) => {
          const current =
            e instanceof HttpError && e.status === 409 ? (e.body as { current?: BusinessSettings } | null)?.current : null;
          if (current) return setElsewhere(current);
          if (Object.keys(found).length > 0) requestAnimationFrame(() => focusFirstError(found));
          if (!isUnauthorized(e)) {
            notify({
              title: "Not saved",
              description: errorMessage(e, "The settings could not be saved. Please try again."),
              variant: "destructive",
            });
          }
        },
      },
    );
  }

  const { address } = values;
  return (
    <form onSubmit={submit} noValidate aria-label="Business settings" className="settings-form">
      {elsewhere ? (
        <Callout.Root color="orange" role="alert" mb="5" aria-label="Changed elsewhere">
          <Callout.Text>
            <strong>Changed elsewhere.</strong> These settings were saved on another screen
            {elsewhere.updatedAt ? ` at ${formatDateTime(elsewhere.updatedAt)}` : ""} after you opened them, so yours were not
            saved yet. Reload to see theirs (your unsaved changes go), or keep yours and save them over theirs.
          </Callout.Text>
          <Flex gap="3" wrap="wrap">
            <Button type="button" variant="soft" color="gray" onClick={reloadTheirs}>
              Reload theirs
            </Button>
            <Button type="button" color="orange" onClick={keepMine} loading={busy}>
              Keep mine
            </Button>
          </Flex>
        </Callout.Root>
      ) : null}
      <Callout.Root color="blue" variant="surface" highContrast mb="5">
        <Callout.Text>
          These are the facts your website shows: on every page, in the chat's answers and in e-mails. After you save, the public
          pages show the change within {minutesLive} minutes, with no rebuild. Offers appear and disappear on their dates by
          themselves.
        </Callout.Text>
      </Callout.Root>

      <div className="settings-sections">
        <SettingsSection id="settings-contact" title="Contact">
          <Grid columns={{ initial: "1", sm: "3" }} gap="4">
            <TextSetting bind={bind} path="phone" label="Phone number" type="tel" autoComplete="off" value={values.phone} />
            <TextSetting
              bind={bind}
              path="emergencyPhone"
              label="24/7 emergency number"
              type="tel"
              autoComplete="off"
              value={values.emergencyPhone}
            />
            <TextSetting bind={bind} path="email" label="E-mail address" type="email" autoComplete="off" value={values.email} />
          </Grid>
        </SettingsSection>

        <SettingsSection
          id="settings-address"
          title="Address"
          description="Shown in the footer, the contact section and search results."
        >
          <Grid columns={{ initial: "1", sm: "2" }} gap="4">
            <TextSetting bind={bind} path="address.street" label="Street address" maxLength={120} value={address.street} />
            <TextSetting bind={bind} path="address.locality" label="Town" maxLength={60} value={address.locality} />
            <TextSetting bind={bind} path="address.region" label="Region (optional)" maxLength={60} value={address.region} />
            <TextSetting bind={bind} path="address.postcode" label="Postcode" value={address.postcode} />
          </Grid>
        </SettingsSection>

        <SettingsSection
          id="settings-hours"
          title="Opening hours"
          description="24-hour times. A closed day shows as “Emergency only”."
        >
          <HoursFields bind={bind} />
        </SettingsSection>

        <SettingsSection
          id="settings-gas-safe"
          title="Gas Safe registration"
          description="Shown beside every “Gas Safe Registered” badge, so customers can check it on the Gas Safe Register."
        >
          <div className="settings-narrow">
            <TextSetting
              bind={bind}
              path="gasSafeNumber"
              label="Registration number"
              inputMode="numeric"
              maxLength={7}
              value={values.gasSafeNumber}
            />
          </div>
        </SettingsSection>

        <SettingsSection
          id="settings-reviews"
          title="Reviews"
          description="Your public reviews page (Google Business Profile, or another site). After every paid job each customer is sent the same invitation with this link; leave it empty to send none. The home page gives your rating only as you enter it below, naming the site and linking this page; leave the rating empty and it claims none."
        >
          <TextSetting
            bind={bind}
            path="reviewUrl"
            label="Reviews page address"
            type="url"
            maxLength={500}
            value={values.reviewUrl}
          />
          <RatingFields bind={bind} />
        </SettingsSection>

        <SettingsSection id="settings-service" title="Boiler service prices">
          <ServicePriceFields bind={bind} />
        </SettingsSection>

        <SettingsSection id="settings-packages" title="New boiler packages" description="Prices in pounds, fitted.">
          <PackagePriceFields bind={bind} />
        </SettingsSection>

        <SettingsSection id="settings-repairs" title="Home repair prices">
          <RepairPriceFields bind={bind} />
        </SettingsSection>

        <SettingsSection
          id="settings-offers"
          title="Boiler service offers"
          description="Each offer shows on the home page and the boiler service page from its first day to its last, and nowhere outside those dates."
        >
          <OffersFields bind={bind} onAdd={addOffer} onRemove={removeOffer} />
        </SettingsSection>
      </div>

      <div className="settings-actions">
        <Text size="2" color="gray" role="status" className="settings-actions__pending">
          {pending.length > 0 ? `Unsaved changes: ${pending.map((g) => groupLabels[g]).join(", ")}` : "All changes saved"}
        </Text>
        <Flex gap="3" wrap="wrap" justify="end">
          <Button type="button" variant="soft" color="gray" disabled={busy || pending.length === 0} onClick={() => form.reset()}>
            Undo changes
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save settings"}
          </Button>
        </Flex>
      </div>
    </form>
  );
}
