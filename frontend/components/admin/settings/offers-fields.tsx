import { Badge, Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { type Bind, PriceSetting, TextSetting } from "./settings-fields";
import { MAX_OFFERS, type OfferState, offerStatus } from "./settings-form-state";

const statusBadge = {
  live: { color: "green", text: "On the site now" },
  scheduled: { color: "blue", text: "Starts later" },
  ended: { color: "gray", text: "Ended: shown nowhere" },
} as const;

type Props = {
  bind: Bind;
  onAdd: () => void;
  onRemove: (index: number) => void;
};

/**
 * The offers: each shows on the site from its start date to its end date (UK days, both included)
 * and nowhere outside them. The site features the live one that ends first.
 */
export function OffersFields({ bind, onAdd, onRemove }: Props) {
  const { offers } = bind.form;
  return (
    <>
      {offers.length === 0 ? (
        <Text as="p" color="gray" size="2">
          No offers. The service pages show your normal prices.
        </Text>
      ) : (
        <ul className="settings-offers">
          {offers.map((offer, index) => (
            <OfferFields key={offer.key} bind={bind} offer={offer} index={index} onRemove={() => onRemove(index)} />
          ))}
        </ul>
      )}
      <Flex mt="4" gap="3" align="center" wrap="wrap">
        <Button type="button" variant="soft" onClick={onAdd} disabled={offers.length >= MAX_OFFERS}>
          Add an offer
        </Button>
        {offers.length >= MAX_OFFERS ? (
          <Text size="2" color="gray">
            Up to {MAX_OFFERS} offers at a time: remove an ended one first.
          </Text>
        ) : null}
      </Flex>
    </>
  );
}

function OfferFields({ bind, offer, index, onRemove }: { bind: Bind; offer: OfferState; index: number; onRemove: () => void }) {
  const path = (field: string) => `offers.${index}.${field}`;
  const status = offer.startsAt && offer.endsAt ? statusBadge[offerStatus(offer)] : null;
  const headingId = `settings-offer-${offer.key}`;
  const name = offer.title.trim() || `Offer ${index + 1}`;
  return (
    <Card asChild variant="surface" className="settings-offer">
      <li aria-labelledby={headingId}>
        <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
          <Flex gap="2" align="center" wrap="wrap">
            <Heading as="h3" size="3" id={headingId} className="admin-wrap-anywhere">
              {name}
            </Heading>
            {status ? (
              <Badge color={status.color} variant="soft">
                {status.text}
              </Badge>
            ) : null}
          </Flex>
          <Button type="button" size="1" variant="soft" color="red" onClick={onRemove} aria-label={`Remove ${name}`}>
            Remove
          </Button>
        </Flex>
        <Grid columns={{ initial: "1", sm: "2" }} gap="4">
          <TextSetting
            bind={bind}
            path={path("title")}
            label="Title (the badge)"
            placeholder="Summer Sale"
            maxLength={40}
            value={offer.title}
          />
          <TextSetting
            bind={bind}
            path={path("text")}
            label="One line about it"
            placeholder="Get your boiler serviced before the winter rush"
            maxLength={140}
            value={offer.text}
          />
          <PriceSetting bind={bind} path={path("pricePence")} label="Offer price for a boiler service" value={offer.pricePence} />
          <PriceSetting
            bind={bind}
            optional
            path={path("wasPence")}
            label="Normal price"
            hint="Shown struck through, with the saving; optional"
            value={offer.wasPence}
          />
          <TextSetting bind={bind} path={path("startsAt")} label="Starts on" type="date" value={offer.startsAt} />
          <TextSetting bind={bind} path={path("endsAt")} label="Ends on (last day)" type="date" value={offer.endsAt} />
        </Grid>
      </li>
    </Card>
  );
}
