import { Button } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { CallButton } from "./call-button";
import { SectionLink } from "./section-link";

/** The closing call-to-action strip of the service pages. */
export function CtaBand({ title, text }: { title: string; text: ReactNode }) {
  return (
    <section className="cta-band" aria-labelledby="cta-band-title">
      <div className="container cta-band__inner">
        <div>
          <h2 id="cta-band-title">{title}</h2>
          <p>{text}</p>
        </div>
        <div className="cta-row">
          <CallButton size="4" />
          <Button asChild size="4" variant="surface" color="gray" highContrast className="cta-band__quote">
            <SectionLink section="quote">Get a free quote</SectionLink>
          </Button>
        </div>
      </div>
    </section>
  );
}
