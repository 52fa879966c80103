import { StarIcon } from "./icons";

/** A row of filled stars with its value spoken once ("5 out of 5 stars"). */
export function Stars({ value = 5, outOf = 5, size = 18 }: { value?: number; outOf?: number; size?: number }) {
  return (
    <span className="stars" role="img" aria-label={`${value} out of ${outOf} stars`}>
      {Array.from({ length: outOf }, (_, i) => i + 1).map((n) => (
        <StarIcon key={n} size={size} className={n <= Math.round(value) ? "stars__on" : "stars__off"} />
      ))}
    </span>
  );
}
