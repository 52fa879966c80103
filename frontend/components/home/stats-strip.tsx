import { stats } from "../../../schema/business";

/** Landing section 2. */
export function StatsStrip() {
  return (
    <section className="stats-strip" aria-label="Why customers trust us">
      <dl className="container stats-strip__list">
        {stats.map((stat) => (
          <div key={stat.label} className="stats-strip__item">
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
