import { Box, Button, Card, Checkbox, Flex, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { type InstallationKind, installationKinds, installationLabels } from "../../../../schema/api/installations";
import type { Product } from "../../../../schema/api/products";
import type { SheetPart, TodayVisit } from "../../../../schema/api/visits";
import { formatTime } from "../../../../schema/london-time-text";
import { useAdminMe } from "../../../hooks/admin/use-admin-me";
import { adminPage } from "../../../lib/admin/admin-api";
import { mayOpen } from "../../../lib/admin/roles";
import {
  type CataloguePart,
  dropEntry,
  enqueueSheet,
  findKeptParts,
  type OutboxEntry,
  readDraft,
  retryEntry,
  type SheetBody,
  saveDraft,
} from "../../../lib/admin/sheet-outbox";
import { notify } from "../../../lib/toast";
import { Field } from "../form-field";
import { VisitDocumentAction } from "../gas-safety/gas-safety-links";
import { InvoiceFrom } from "../invoices/invoice-from";
import { Photos } from "./sheet-photos";

/** The drawing pad loads only when the customer is asked to sign. */
const SignatureField = lazy(() => import("../../signature/signature-field").then((m) => ({ default: m.SignatureField })));

type Form = {
  arrivedAt: string | null;
  workDone: string;
  advice: string;
  labourMinutes: string;
  parts: SheetPart[];
  signature: string | null;
  signedName: string;
  photos: string[];
  installations: InstallationKind[];
};

const formOf = (visit: TodayVisit): Form => ({
  arrivedAt: visit.sheet?.arrivedAt ?? null,
  workDone: visit.sheet?.workDone ?? "",
  advice: visit.sheet?.advice ?? "",
  labourMinutes: visit.sheet?.labourMinutes == null ? "" : String(visit.sheet.labourMinutes),
  parts: visit.sheet?.parts ?? [],
  signature: visit.sheet?.signature ?? null,
  signedName: visit.sheet?.signedName ?? "",
  photos: visit.sheet?.photos ?? [],
  installations: visit.sheet?.installations ?? [],
});

/**
 * The job sheet of a visit: arrival, the work done and advice given, labour, parts used from the
 * catalogue, and the customer's signature. Every change is kept on the phone at once; Save and
 * Finish queue the whole sheet in the phone's outbox (lib/admin/sheet-outbox.ts), sent when there is
 * signal; an office change since is shown, not overwritten, and a refusal says why.
 */
export function JobSheet({
  visit,
  entries,
  onReload,
}: {
  visit: TodayVisit;
  /** This visit's syncs waiting in the phone's outbox. */
  entries: OutboxEntry[];
  onReload: () => unknown;
}) {
  const [form, setForm] = useState<Form>(() => formOf(visit));
  const [signing, setSigning] = useState(Boolean(form.signature));
  const finished = visit.status === "completed" || entries.some((e) => e.finish);
  const conflict = entries.find((e) => e.state === "conflict");
  const failed = entries.find((e) => e.state === "failed");
  const waiting = entries.filter((e) => e.state === "waiting").length;
  const id = (field: string) => `sheet-${visit.id}-${field}`;
  // An engineer's role has no invoices (lib/admin/roles.ts): the office invoices the finished visit.
  const mayInvoice = mayOpen(useAdminMe()?.role, "/invoices");

  // What this phone typed since the server's copy wins over it (read once, on opening).
  const serverCopy = useRef(visit.sheet?.updatedAt ?? "");
  useEffect(() => {
    void readDraft(visit.id).then((draft) => {
      if (!draft || draft.savedAt <= serverCopy.current) return;
      const typed = draft.body;
      setForm({
        ...typed,
        photos: typed.photos ?? [],
        installations: typed.installations ?? [],
        labourMinutes: typed.labourMinutes === null ? "" : String(typed.labourMinutes),
      });
      if (typed.signature) setSigning(true);
    });
  }, [visit.id]);

  const body = (f: Form): SheetBody => ({
    arrivedAt: f.arrivedAt,
    workDone: f.workDone,
    advice: f.advice,
    labourMinutes: f.labourMinutes.trim() === "" || !Number.isInteger(Number(f.labourMinutes)) ? null : Number(f.labourMinutes),
    parts: f.parts,
    signature: f.signature,
    signedName: f.signedName,
    photos: f.photos,
    installations: f.installations,
  });
  // Every change is kept on the phone at once.
  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => {
      const next = { ...f, [key]: value };
      void saveDraft(visit.id, body(next));
      return next;
    });

  async function sync(finish: boolean) {
    await saveDraft(visit.id, body(form));
    await enqueueSheet(visit.id, body(form), finish, visit.version);
    notify({
      title: finish ? "Visit finished" : "Job sheet saved",
      description: navigator.onLine ? undefined : "Saved on this phone: it is sent when there is signal.",
    });
  }

  return (
    <Card asChild className="admin-panel" mt="3">
      <section aria-label={`Job sheet: ${visit.serviceType}`}>
        <Heading as="h3" size="3" mb="2">
          Job sheet
        </Heading>
        {conflict ? (
          <Box role="alert" mb="3">
            <Text as="p" size="2" color="red" weight="medium">
              {conflict.error}
            </Text>
            <Button
              mt="2"
              variant="soft"
              onClick={async () => {
                await dropEntry(conflict.id!, visit.id, true);
                // The office's sheet replaces what was typed here (a newer day from the reload
                // remounts the sheet with it anyway).
                setForm(formOf(visit));
                setSigning(Boolean(visit.sheet?.signature));
                await onReload();
              }}
            >
              Load the office's version
            </Button>
          </Box>
        ) : failed ? (
          <Box role="alert" mb="3">
            <Text as="p" size="2" color="red" weight="medium">
              Not synced: {failed.error}
            </Text>
            <Flex gap="2" mt="2">
              <Button variant="soft" onClick={() => retryEntry(failed.id!)}>
                Try again
              </Button>
              <Button variant="soft" color="gray" onClick={() => dropEntry(failed.id!, visit.id, false)}>
                Discard this change
              </Button>
            </Flex>
          </Box>
        ) : waiting ? (
          <Text as="p" size="2" role="status" mb="2" color="amber">
            Saved on this phone, waiting to sync
          </Text>
        ) : null}
        <Flex direction="column" gap="3">
          <Flex gap="2" align="center" wrap="wrap">
            {form.arrivedAt ? (
              <Text size="2">Arrived {formatTime(form.arrivedAt)}</Text>
            ) : (
              <Button variant="soft" disabled={finished} onClick={() => set("arrivedAt", new Date().toISOString())}>
                Arrived now
              </Button>
            )}
          </Flex>
          <Field id={id("work")} label="Work done">
            <TextArea
              id={id("work")}
              rows={3}
              maxLength={4000}
              value={form.workDone}
              onChange={(e) => set("workDone", e.target.value)}
            />
          </Field>
          <Field id={id("advice")} label="Advice given">
            <TextArea
              id={id("advice")}
              rows={2}
              maxLength={2000}
              value={form.advice}
              onChange={(e) => set("advice", e.target.value)}
            />
          </Field>
          <Field id={id("labour")} label="Labour (minutes)">
            <TextField.Root
              id={id("labour")}
              inputMode="numeric"
              value={form.labourMinutes}
              onChange={(e) => set("labourMinutes", e.target.value)}
              style={{ maxWidth: "8rem" }}
            />
          </Field>
          <Parts parts={form.parts} onChange={(parts) => set("parts", parts)} />
          <Photos visitId={visit.id} photos={form.photos} onChange={(photos) => set("photos", photos)} />
          <fieldset className="admin-fieldset">
            <legend className="admin-legend">Notifiable work fitted</legend>
            <Flex gap="3" wrap="wrap">
              {installationKinds.map((kind) => (
                <Text as="label" size="2" key={kind} className="admin-check">
                  <Checkbox
                    checked={form.installations.includes(kind)}
                    onCheckedChange={(on) =>
                      set(
                        "installations",
                        on === true ? [...form.installations, kind] : form.installations.filter((k) => k !== kind),
                      )
                    }
                  />
                  {installationLabels[kind]}
                </Text>
              ))}
            </Flex>
          </fieldset>
          {signing ? (
            <Suspense fallback={<Text size="2">Opening the signature box…</Text>}>
              <SignatureField
                id={`sheet-signature-${visit.id}`}
                label="Customer's signature"
                value={form.signature}
                onChange={(v) => set("signature", v)}
              />
            </Suspense>
          ) : (
            <Button variant="soft" color="gray" onClick={() => setSigning(true)}>
              Ask the customer to sign
            </Button>
          )}
          <Field id={id("name")} label="Customer's name">
            <TextField.Root
              id={id("name")}
              maxLength={120}
              value={form.signedName}
              onChange={(e) => set("signedName", e.target.value)}
            />
          </Field>
        </Flex>
        <Flex gap="2" mt="3" justify="end" wrap="wrap">
          <VisitDocumentAction record={visit} />
          <Button variant="soft" disabled={finished && visit.status === "completed"} onClick={() => sync(false)}>
            Save
          </Button>
          {visit.status === "completed" ? (
            visit.customer && mayInvoice ? (
              <InvoiceFrom source={{ fromServiceRecordId: visit.id }} label="Create invoice" />
            ) : null
          ) : (
            <Button disabled={!form.workDone.trim()} onClick={() => sync(true)}>
              Finish the visit
            </Button>
          )}
        </Flex>
      </section>
    </Card>
  );
}

/** Parts used: found in the catalogue by typing, each with its quantity. */
function Parts({ parts, onChange }: { parts: SheetPart[]; onChange: (parts: SheetPart[]) => void }) {
  const [text, setText] = useState("");
  const [found, setFound] = useState<CataloguePart[]>([]);
  useEffect(() => {
    const typed = text.trim();
    if (typed.length < 2) return setFound([]);
    // The catalogue online; without signal, the part names this phone kept.
    const timer = setTimeout(
      () =>
        void (
          navigator.onLine
            ? adminPage<Product>(`/api/admin/products?q=${encodeURIComponent(typed)}&limit=5`).then((page) => page.items)
            : Promise.reject(new Error("offline"))
        )
          .catch(() => findKeptParts(typed))
          .then(setFound, () => setFound([])),
      250,
    );
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div>
      <Text as="div" size="2" weight="medium" mb="1">
        Parts used
      </Text>
      <Flex direction="column" gap="2">
        {parts.map((p) => (
          <Flex key={p.productId} gap="2" align="center">
            <Text size="2" style={{ flex: 1 }}>
              {p.name}
            </Text>
            <TextField.Root
              aria-label={`Quantity of ${p.name}`}
              inputMode="numeric"
              style={{ width: "4.5rem" }}
              value={String(p.quantity)}
              onChange={(e) => {
                const quantity = Math.max(1, Math.min(999, Number.parseInt(e.target.value, 10) || 1));
                onChange(parts.map((x) => (x.productId === p.productId ? { ...x, quantity } : x)));
              }}
            />
            <Button
              variant="ghost"
              color="red"
              aria-label={`Remove ${p.name}`}
              onClick={() => onChange(parts.filter((x) => x.productId !== p.productId))}
            >
              Remove
            </Button>
          </Flex>
        ))}
        <TextField.Root
          placeholder="Find a part"
          aria-label="Find a part used"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {found.map((product) => (
          <Button
            key={product.id}
            variant="soft"
            onClick={() => {
              if (!parts.some((p) => p.productId === product.id))
                onChange([...parts, { productId: product.id, name: product.name, quantity: 1 }]);
              setText("");
              setFound([]);
            }}
          >
            {product.name}
          </Button>
        ))}
      </Flex>
    </div>
  );
}
