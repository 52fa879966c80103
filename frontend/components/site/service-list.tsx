import type { ReactNode } from "react";

/** A grid of services, each with an icon, title and one line (plumbing and repairs pages). */
export function ServiceList({ items }: { items: readonly { icon: ReactNode; title: string; text: string }[] }) {
  return (
    <ul className="service-list">
      {items.map((item) => (
        <li key={item.title} className="card service-list__item">
          <span className="icon-chip">{item.icon}</span>
          <div>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
