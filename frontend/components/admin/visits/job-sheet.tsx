import { Box, Button, Card, Flex, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { lazy, Suspense, useEffect, useState } from "react";
import type { Product } from "../../../../schema/api/products";
import type { SheetAnswer, SheetPart, TodayVisit } from "../../../../schema/api/visits";
import { formatTime } from "../../../../schema/london-time-text";
import { adminApi, adminPage, errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { HttpError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { Field } from "../form-field";
import { InvoiceFrom } from "../invoices/invoice-from";

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
};

const formOf = (visit: TodayVisit): Form => ({
  arrivedAt: visit.sheet?.arrivedAt ?? null,
  workDone: visit.sheet?.workDone ?? "",
  advice: visit.sheet?.advice ?? "",
  labourMinutes: visit.sheet?.labourMinutes == null ? "" : String(visit.sheet.labourMinutes),
  parts: visit.sheet?.parts ?? [],
  signature: visit.sheet?.signature ?? null,
  signedName: visit.sheet?.signedName ?? "",
});

/**
 * The job sheet of a visit: arrival, the work done and advice given, labour, parts used from the
 * catalogue, and the customer's signature. Each save sends the whole sheet with a fresh
 * Idempotency-Key and the visit's version; an office change since is shown, not overwritten.
 */
export function JobSheet({ visit, onSynced }: { visit: TodayVisit; onSynced: () => unknown }) {
  const [form, setForm] = useState<Form>(() => formOf(visit));
  const [version, setVersion] = useState(visit.version);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [signing, setSigning] = useState(Boolean(form.signature));
  const finished = visit.status === "completed";
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const id = (field: string) => `sheet-${visit.id}-${field}`;

  async function sync(finish: boolean) {
    const minutes = form.labourMinutes.trim() === "" ? null : Number(form.labourMinutes);
    if (minutes !== null && !Number.isInteger(minutes)) {
      notify({ title: "Labour", description: "Enter the labour time in whole minutes.", variant: "destructive" });
      return;
    }
    setBusy(true);
    try {
      const answer = await adminApi<SheetAnswer>(`/api/admin/visits/${visit.id}/sheet`, {
        method: "PUT",
        headers: { "Idempotency-Key": crypto.randomUUID() },
        json: {
          baseVersion: version,
          arrivedAt: form.arrivedAt,
          workDone: form.workDone,
          advice: form.advice,
          labourMinutes: minutes,
          parts: form.parts.map(({ productId, quantity }) => ({ productId, quantity })),
          signature: form.signature,
          signedName: form.signedName,
          finish,
        },
      });
      setVersion(answer.version);
      setConflict(null);
      notify({ title: finish ? "Visit finished" : "Job sheet saved" });
      await onSynced();
    } catch (e) {
      if (e instanceof HttpError && e.status === 409 && e.detail("baseVersion")) {
        setConflict(e.serverMessage ?? "The visit was changed in the office.");
      } else if (!isUnauthorized(e)) {
        notify({ title: "Not saved", description: errorMessage(e, "The job sheet was not saved"), variant: "destructive" });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card asChild className="admin-panel" mt="3">
      <section aria-label={`Job sheet: ${visit.serviceType}`}>
        <Heading as="h3" size="3" mb="2">
          Job sheet
        </Heading>
        {conflict ? (
          <Box role="alert" mb="3" className="admin-conflict">
            <Text as="p" size="2" color="red" weight="medium">
              {conflict}
            </Text>
            <Button
              mt="2"
              variant="soft"
              onClick={async () => {
                setConflict(null);
                await onSynced();
              }}
            >
              Load the office's version
            </Button>
          </Box>
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
          <Button variant="soft" disabled={busy} onClick={() => sync(false)}>
            Save
          </Button>
          {finished ? (
            visit.customer ? (
              <InvoiceFrom source={{ fromServiceRecordId: visit.id }} label="Create invoice" />
            ) : null
          ) : (
            <Button disabled={busy || !form.workDone.trim()} onClick={() => sync(true)}>
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
  const [found, setFound] = useState<Product[]>([]);
  useEffect(() => {
    if (text.trim().length < 2) return setFound([]);
    const timer = setTimeout(
      () =>
        void adminPage<Product>(`/api/admin/products?q=${encodeURIComponent(text.trim())}&limit=5`).then(
          (page) => setFound(page.items),
          () => setFound([]),
        ),
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
