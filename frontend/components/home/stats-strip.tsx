import { stats } from "../../../schema/business";
import { Fact } from "../../lib/facts";

/** Landing section 2: what the firm can show (schema/business.ts), the Gas Safe number the owner's. */
export function StatsStrip() {
  return (
    <section className="stats-strip" aria-label="Why customers trust us">
      <dl className="container stats-strip__list">
        {stats.map((stat) => (
          <div key={stat.label} className="stats-strip__item">
            <dt>
              {stat.label}
              {"gasSafe" in stat ? (
                <>
                  {" "}
                  <Fact name="gasSafeNumber" />
                </>
              ) : null}
            </dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
