import { Badge, Box, Button, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useLocation } from "wouter";
import type { AdminGasSafetyRecord } from "../../../../schema/api/gas-safety";
import { formatDate, formatDateTime } from "../../../../schema/london-time-text";
import { useAdminMe } from "../../../hooks/admin/use-admin-me";
import { adminApi, errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { adminChange } from "../../../lib/admin/admin-write";
import { notify } from "../../../lib/toast";
import { PageHeader } from "../page-header";
import { BackToCustomer } from "./back-to-customer";
import "./gas-safety.css";

/** An issued record: when, its copies, its PDF and warning notices; the tenant's copy, a correction, revoking its links. */
export function IssuedRecord({ record, onChanged }: { record: AdminGasSafetyRecord; onChanged: () => unknown }) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  // Revoking the links sent is the office's (worker/routes/admin/roles.ts): not on an engineer's phone.
  const mayRevoke = useAdminMe()?.role !== "engineer";
  const act = async (work: () => Promise<unknown>, failed: string) => {
    setBusy(true);
    try {
      await work();
      await onChanged();
    } catch (e) {
      if (!isUnauthorized(e))
        notify({ title: failed, description: errorMessage(e, "Please try again."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  const correct = () =>
    act(async () => {
      const draft = await adminApi<AdminGasSafetyRecord>("/api/admin/gas-safety-records", {
        json: { propertyId: record.propertyId, replacesId: record.id },
      });
      navigate(`/gas-safety-records/${draft.id}`);
    }, "Could not start the correction");
  const { copies } = record;
  return (
    <div className="gsr">
      <PageHeader
        title={
          <>
            {/* The number whole on a phone, not broken at its dash. */}
            Gas safety record <span className="admin-nowrap">{record.number}</span>
          </>
        }
        subtitle={record.property?.address}
        actions={<BackToCustomer customerId={record.customerId} />}
      />
      <section className="admin-card admin-panel gsr-section" aria-label="Issued record">
        <Flex align="center" gap="2" mb="3" wrap="wrap">
          <Badge size="2" color="green" variant="soft" highContrast>
            Issued
          </Badge>
          {record.replacesNumber ? <Text size="2">Replaces {record.replacesNumber}</Text> : null}
        </Flex>
        <dl className="admin-fields">
          <div>
            <dt>Checked on</dt>
            <dd>{formatDate(record.checkDate)}</dd>
          </div>
          <div>
            <dt>Next check due by</dt>
            <dd>{record.nextDueDate ? formatDate(record.nextDueDate) : "-"}</dd>
          </div>
          <div>
            <dt>Issued</dt>
            <dd>{record.issuedAt ? formatDateTime(record.issuedAt) : "-"}</dd>
          </div>
          <div>
            <dt>Landlord's copy</dt>
            <dd>
              {copies.landlordSentAt
                ? `E-mailed ${formatDateTime(copies.landlordSentAt)}`
                : copies.landlordEmailed
                  ? "Being e-mailed"
                  : "Not e-mailed: no e-mail address on file"}
            </dd>
          </div>
          <div>
            <dt>Tenant's copy</dt>
            <dd>
              {copies.tenantSentAt
                ? `E-mailed ${formatDateTime(copies.tenantSentAt)}`
                : copies.tenantEmailed
                  ? "Being e-mailed"
                  : copies.tenantCopyGivenAt
                    ? `Given ${formatDate(copies.tenantCopyGivenAt)}`
                    : copies.tenantCopyDueBy
                      ? `Due by ${formatDate(copies.tenantCopyDueBy)}`
                      : "No tenant"}
            </dd>
          </div>
        </dl>
        <Flex gap="2" mt="4" wrap="wrap">
          <Button asChild size="3">
            <a href={record.pdfUrl ?? "#"} target="_blank" rel="noopener">
              Open the PDF
            </a>
          </Button>
          {record.warningNotices.map((n) => (
            <Button asChild size="3" color="red" variant="soft" key={n.id}>
              <a href={n.pdfUrl ?? "#"} target="_blank" rel="noopener">
                Warning notice {n.number}
              </a>
            </Button>
          ))}
        </Flex>
        <Flex gap="2" mt="3" wrap="wrap">
          {copies.tenantCopyDueBy ? (
            <Button
              variant="soft"
              disabled={busy}
              onClick={() =>
                act(() => adminChange("POST", `/api/admin/gas-safety-records/${record.id}/tenant-copy-given`), "Not saved")
              }
            >
              The tenant has their copy
            </Button>
          ) : null}
          <Button variant="soft" color="gray" disabled={busy} onClick={correct}>
            Correct it with a new record
          </Button>
          {mayRevoke ? (
            <Button
              variant="soft"
              color="gray"
              disabled={busy}
              onClick={() =>
                act(() => adminChange("POST", `/api/admin/gas-safety-records/${record.id}/revoke-links`), "Links not revoked")
              }
            >
              Revoke the links sent
            </Button>
          ) : null}
        </Flex>
      </section>
      <Box mt="2">
        <Text as="p" size="1" color="gray">
          An issued record never changes. A correction is a new record that says which one it replaces.
        </Text>
      </Box>
    </div>
  );
}
