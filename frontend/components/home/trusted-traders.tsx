import { Button } from "@radix-ui/themes";
import { Link } from "wouter";
import { Fact, RatingSource, RatingStars, useRating } from "../../lib/facts";
import { ChevronRightIcon, ShieldIcon } from "../site/icons";

/** Landing section 4: the trusted-trader endorsement and the way to new boiler prices. */
export function TrustedTraders() {
  // Reviews are named only with the owner's rating and where it is (issue 49); otherwise the line says what is certain.
  const rating = useRating();
  return (
    <section className="section section--navy trusted" aria-labelledby="trusted-title">
      <div className="container trusted__inner">
        <div className="trusted__seal" aria-hidden="true">
          <ShieldIcon size={44} />
          <span>Trusted</span>
          <span>Trader</span>
        </div>
        <div className="trusted__text">
          <h2 id="trusted-title">
            Vetted{rating ? <span data-rating="">, reviewed</span> : null} and trusted by Manchester homeowners
          </h2>
          <p>
            Every job is backed by{" "}
            {rating ? (
              <span data-rating="">
                real customer reviews: <Fact name="rating.value" /> out of 5 from <Fact name="rating.reviews" /> on{" "}
                <RatingSource />,{" "}
              </span>
            ) : null}
            Gas Safe registration and full public liability insurance. New boilers are fitted at fixed prices from{" "}
            <Fact name="package.basic.price" />, with up to 10 years' warranty.
          </p>
          {rating ? (
            <p className="trusted__rating" data-rating="">
              <RatingStars size={22} />
              <strong>
                <Fact name="rating.value" />
                /5
              </strong>
            </p>
          ) : null}
        </div>
        <Button asChild size="4" className="trusted__cta">
          <Link href="/boiler-pricing">
            Get your new boiler <ChevronRightIcon size={20} />
          </Link>
        </Button>
      </div>
    </section>
  );
}
