import { Grid, Heading } from "@radix-ui/themes";
import { boilerPackages, repairPriceBands } from "../../../../schema/business";
import { packageIds, repairBands } from "../../../../schema/facts";
import { type Bind, PriceSetting } from "./settings-fields";

/** The one-off service and the annual plan. */
export function ServicePriceFields({ bind }: { bind: Bind }) {
  const { service } = bind.form;
  return (
    <Grid columns={{ initial: "1", sm: "2" }} gap="4">
      <PriceSetting bind={bind} path="service.oneOffPence" label="One-off service" value={service.oneOffPence} />
      <PriceSetting bind={bind} path="service.annualPlanPence" label="Annual plan (per year)" value={service.annualPlanPence} />
    </Grid>
  );
}

const packageName = (id: string) => boilerPackages.find((p) => p.id === id)?.name ?? id;

/** The three new-boiler packages: price, and the "was" price shown struck through (optional). */
export function PackagePriceFields({ bind }: { bind: Bind }) {
  return (
    <div className="settings-rows">
      {packageIds.map((id) => (
        <div key={id} className="settings-row">
          <Heading as="h3" size="3" className="settings-row__title">
            {packageName(id)}
          </Heading>
          <Grid columns={{ initial: "1", sm: "2" }} gap="4">
            <PriceSetting
              bind={bind}
              path={`packages.${id}.pricePence`}
              label={`${packageName(id)} price`}
              value={bind.form.packages[id].pricePence}
            />
            <PriceSetting
              bind={bind}
              optional
              path={`packages.${id}.wasPence`}
              label={`${packageName(id)} "was" price`}
              hint="Shown struck through; leave blank for none"
              value={bind.form.packages[id].wasPence}
            />
          </Grid>
        </div>
      ))}
    </div>
  );
}

/** The home-repair price bands: from, and up to (blank: "and up", shown as "£300+"). */
export function RepairPriceFields({ bind }: { bind: Bind }) {
  return (
    <div className="settings-rows">
      {repairBands.map((band, i) => {
        const label = repairPriceBands[i]?.label ?? band;
        return (
          <div key={band} className="settings-row">
            <Heading as="h3" size="3" className="settings-row__title">
              {label}
            </Heading>
            <Grid columns={{ initial: "1", sm: "2" }} gap="4">
              <PriceSetting
                bind={bind}
                path={`repairs.${band}.fromPence`}
                label={`${label}: from`}
                value={bind.form.repairs[band].fromPence}
              />
              <PriceSetting
                bind={bind}
                optional
                path={`repairs.${band}.toPence`}
                label={`${label}: up to`}
                hint='Leave blank for "and up"'
                value={bind.form.repairs[band].toPence}
              />
            </Grid>
          </div>
        );
      })}
    </div>
  );
}
