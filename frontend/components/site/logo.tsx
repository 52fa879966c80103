import { Link } from "wouter";
import { company } from "../../../schema/business";

const [firstWord, ...rest] = company.name.split(" ");

/** The company mark (a flame in a drop) and name; links to the landing page (the logo always leads home). */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link href="/" className={inverted ? "logo logo--inverted" : "logo"}>
      <svg className="logo__mark" width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="10" fill="#0b3b66" />
        <path
          d="M20 7c-1 4.5-7 8.6-7 15a7 7 0 0 0 14 0c0-2.8-1.3-4.8-2.8-6.6-.3 2-1.3 3.3-2.7 3.3 1-3.9.3-8.3-1.5-11.7z"
          fill="#ff7a1a"
        />
        <path
          d="M20 31a3.6 3.6 0 0 1-3.6-3.6c0-2.3 2.1-3.9 3.6-6.2 1.5 2.3 3.6 3.9 3.6 6.2A3.6 3.6 0 0 1 20 31z"
          fill="#ffd2a8"
        />
      </svg>
      <span className="logo__text">
        <span className="logo__name">{firstWord}</span> <span className="logo__tagline">{rest.join(" ")}</span>
        <span className="visually-hidden"> home page</span>
      </span>
    </Link>
  );
}
