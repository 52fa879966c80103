import { Button } from "@radix-ui/themes";
import { Link } from "wouter";
import { company } from "../../../schema/business";
import { Fact } from "../../lib/facts";
import { ChevronRightIcon, ShieldIcon } from "../site/icons";
import { Stars } from "../site/stars";

/** Landing section 4: the trusted-trader endorsement and the way to new boiler prices. */
export function TrustedTraders() {
  return (
    <section className="section section--navy trusted" aria-labelledby="trusted-title">
      <div className="container trusted__inner">
        <div className="trusted__seal" aria-hidden="true">
          <ShieldIcon size={44} />
          <span>Trusted</span>
          <span>Trader</span>
        </div>
        <div className="trusted__text">
          <h2 id="trusted-title">Vetted, reviewed and trusted by Manchester homeowners</h2>
          <p>
            Every job is backed by real customer reviews: {company.rating.value} out of {company.rating.outOf} from{" "}
            {company.rating.reviews} verified reviews, Gas Safe registration and full public liability insurance. New boilers are
            fitted at fixed prices from <Fact name="package.basic.price" />, with up to 10 years' warranty.
          </p>
          <p className="trusted__rating">
            <Stars value={company.rating.value} size={22} />
            <strong>
              {company.rating.value}/{company.rating.outOf}
            </strong>
          </p>
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
