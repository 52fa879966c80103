import { Button, Flex, Grid, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, useId, useState } from "react";

/** Suggestions only: any courier may be typed. */
const couriers = ["Royal Mail", "Parcelforce", "DPD", "DHL", "Evri", "UPS", "Our own van"];

type Props = {
  orderLabel: string;
  busy: boolean;
  onDispatch: (details: { courier: string; trackingReference: string }) => void;
  onCancel: () => void;
};

/** Dispatch an order: who carries it and their tracking reference (both optional), shown on the card afterwards. */
export function DispatchForm({ orderLabel, busy, onDispatch, onCancel }: Props) {
  const id = useId();
  const [courier, setCourier] = useState("");
  const [trackingReference, setTrackingReference] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    onDispatch({ courier: courier.trim(), trackingReference: trackingReference.trim() });
  }

  return (
    <form className="admin-dispatch" onSubmit={submit} aria-label={`Dispatch ${orderLabel}`}>
      <Text as="p" size="2" weight="medium" mb="3">
        Dispatch {orderLabel}: who is carrying it? Both are optional.
      </Text>
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        <div>
          <Text as="label" htmlFor={`${id}-courier`} size="2" weight="medium">
            Courier
          </Text>
          <TextField.Root
            id={`${id}-courier`}
            mt="1"
            value={courier}
            onChange={(e) => setCourier(e.target.value)}
            list={`${id}-couriers`}
            maxLength={60}
            placeholder="e.g. Royal Mail"
            autoComplete="off"
          />
          <datalist id={`${id}-couriers`}>
            {couriers.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <div>
          <Text as="label" htmlFor={`${id}-tracking`} size="2" weight="medium">
            Tracking reference
          </Text>
          <TextField.Root
            id={`${id}-tracking`}
            mt="1"
            value={trackingReference}
            onChange={(e) => setTrackingReference(e.target.value)}
            maxLength={80}
            placeholder="Optional"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      </Grid>
      <Flex gap="2" mt="3" justify="end" wrap="wrap">
        <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={busy}>
          Not yet
        </Button>
        <Button type="submit" loading={busy}>
          Confirm Dispatch
        </Button>
      </Flex>
    </form>
  );
}
