import { Link } from "wouter";
import { company, emergencyLine, footerAreas } from "../../schema/business";
import { Fact, FactLink, OpeningHours } from "../lib/facts";
import "./footer.css";
import { MailIcon, MapPinIcon, PhoneIcon, ShieldIcon } from "./site/icons";
import { Logo } from "./site/logo";

const serviceLinks = [
  { label: "Boiler Service", href: "/service/boiler-service" },
  { label: "Plumber Services", href: "/service/plumbing" },
  { label: "Home Repairs", href: "/service/repairs" },
  { label: "New Boiler Prices", href: "/boiler-pricing" },
  { label: "Gas & Electricity", href: "/service/gas-electricity" },
  { label: "Book Online", href: "/book" },
  { label: "Boiler Parts Store", href: "/store" },
];

/** The site footer; the © symbol is the owner's way into /admin/login. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo inverted />
          <p>
            Gas Safe registered heating and plumbing engineers serving Greater Manchester for {company.yearsExperience} years.
            Boiler installs, servicing, repairs and 24/7 emergency callouts.
          </p>
          <p className="site-footer__badge">
            <ShieldIcon size={18} />
            <span>
              Gas Safe Registered No. <Fact name="gasSafeNumber" />
            </span>
          </p>
        </div>
        <nav aria-label="Footer services">
          <h2 className="site-footer__heading">Services</h2>
          <ul className="site-footer__list">
            {serviceLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">Areas We Cover</h2>
          <ul className="site-footer__list">
            {footerAreas.map((area) => (
              <li key={area}>{area}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <ul className="site-footer__list site-footer__contact">
            <li>
              <PhoneIcon size={16} />
              <FactLink to="phone" />
            </li>
            <li>
              <PhoneIcon size={16} />
              <span>
                {emergencyLine}: <FactLink to="emergencyPhone" />
              </span>
            </li>
            <li>
              <MailIcon size={16} />
              <FactLink to="email" />
            </li>
            <li>
              <MapPinIcon size={16} />
              <Fact name="address" />
            </li>
          </ul>
          <OpeningHours className="site-footer__hours" />
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>
            <Link href="/admin/login" className="site-footer__admin" aria-label="Copyright (staff sign-in)">
              ©
            </Link>{" "}
            <span suppressHydrationWarning>{new Date().getFullYear()}</span> {company.name}. All rights reserved.
          </p>
          <ul className="site-footer__legal">
            <li>
              <Link href="/account">Your account</Link>
            </li>
            <li>
              <Link href="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link href="/terms">Terms of Service</Link>
            </li>
            <li>
              <Link href="/review-policy">Review Policy</Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
