import { Button, Flex, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";
import type { OnMyWayAnswer } from "../../../../schema/api/visits";
import { useConfig } from "../../../hooks/use-config";
import { adminApi, errorMessage } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";

/** The arrival suggested: the minutes to the visit's start, between 10 and 60 (the engineer changes it at will). */
function suggestedMinutes(start: string | null): number {
  if (!start) return 20;
  const minutes = Math.round((Date.parse(start) - Date.now()) / 60_000);
  return Math.min(60, Math.max(10, minutes));
}

/**
 * "On my way" on a visit of the engineer's day: one tap texts the customer (or the tenant) that the
 * engineer is coming, with the arrival in minutes; each tap sends one text.
 */
export function OnMyWay({ visitId, start }: { visitId: number; start: string | null }) {
  const { texts } = useConfig();
  const [minutes, setMinutes] = useState(String(suggestedMinutes(start)));
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<OnMyWayAnswer | null>(null);
  const id = `on-my-way-${visitId}`;
  // A deploy without Twilio's settings shows the day as before.
  if (!texts) return null;
  async function send() {
    setBusy(true);
    try {
      const answer = await adminApi<OnMyWayAnswer>(`/api/admin/visits/${visitId}/on-my-way`, {
        method: "POST",
        json: { minutes: Number(minutes) },
      });
      setSent(answer);
      if (answer.status === "failed") {
        notify({ title: "Text not sent", description: "Try again, or call them.", variant: "destructive" });
      }
    } catch (error) {
      notify({ title: "Text not sent", description: errorMessage(error, "Please try again."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Flex gap="2" align="center" wrap="wrap" mt="2">
      <label htmlFor={id}>
        <Text size="2">Arriving in</Text>
      </label>
      <TextField.Root
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={240}
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
        style={{ width: "5rem" }}
      />
      <Text size="2">minutes</Text>
      <Button variant="soft" onClick={send} disabled={busy}>
        On my way
      </Button>
      {sent?.status === "queued" ? (
        <Text size="2" color="green" role="status">
          Texted {sent.sentTo}: around {sent.arrivesAround}
        </Text>
      ) : null}
    </Flex>
  );
}
