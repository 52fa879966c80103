import { Button } from "@radix-ui/themes";
import { Link } from "wouter";
import { company } from "../../../schema/business";
import { Fact, FactLink, RatingSource, RatingStars, useRating } from "../../lib/facts";
import { AwardIcon, PhoneIcon, ShieldIcon, StoreIcon } from "../site/icons";
import { HeroImage } from "./hero-image";

/** Landing section 1 (anchor "home"). */
export function Hero() {
  // The owner's rating, with where it is; none entered: no line at all (the Worker takes it out of the HTML).
  const rating = useRating();
  return (
    <section id="home" className="hero" aria-labelledby="hero-title">
      <HeroImage />
      <div className="container hero__content">
        {rating ? (
          <p className="hero__rating" data-rating="">
            <RatingStars size={18} />
            <span>
              Rated <Fact name="rating.value" />
              /5 from <Fact name="rating.reviews" /> on <RatingSource />
            </span>
          </p>
        ) : null}
        <h1 id="hero-title" className="hero__title">
          Manchester's trusted <span className="hero__highlight">boiler &amp; plumbing</span> engineers
        </h1>
        <p className="hero__intro">
          Hi, I'm {company.ownerName}. For {company.yearsExperience} years my team and I have been installing, servicing and
          repairing boilers and central heating across Greater Manchester. Honest advice, fixed prices and tidy work, with a 24/7
          emergency line when you need us most.
        </p>
        <ul className="hero__badges">
          <li>
            <ShieldIcon size={20} />
            <span>
              Gas Safe Registered No. <Fact name="gasSafeNumber" />
            </span>
          </li>
          <li>
            <AwardIcon size={20} /> {company.yearsExperience} Years Experience
          </li>
        </ul>
        <div className="cta-row">
          <Button asChild size="4">
            <FactLink to="phone">
              <PhoneIcon size={20} />
              <span>
                Call Now: <Fact name="phone" />
              </span>
            </FactLink>
          </Button>
          <Button asChild size="4" variant="surface" color="gray" highContrast className="hero__shop">
            <Link href="/store">
              <StoreIcon size={20} /> Shop Now
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
