import "./pages.css";
import type { ReactNode } from "react";

type PageHeroProps = {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
  banner?: ReactNode;
  /** A decorative 4:3 illustration beside the text on wide screens (never fetched on phones). */
  image?: string;
};

/** The navy banner that opens each service page, with its one h1. */
export function PageHero({ eyebrow, title, lead, children, banner, image }: PageHeroProps) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      {banner}
      <div className="container page-hero__inner">
        <div className="page-hero__text">
          <p className="page-hero__eyebrow">{eyebrow}</p>
          <h1 id="page-title" className="page-hero__title">
            {title}
          </h1>
          <p className="page-hero__lead">{lead}</p>
          {children ? <div className="cta-row page-hero__actions">{children}</div> : null}
        </div>
        {image ? <img className="page-hero__image" src={image} alt="" width={800} height={600} loading="lazy" /> : null}
      </div>
    </section>
  );
}
