import { Button } from "@radix-ui/themes";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { Fact, FactLink } from "../../lib/facts";
import { ChevronDownIcon, PhoneIcon } from "./icons";
import { navItems, serviceLinks } from "./nav-items";
import { SectionLink } from "./section-link";

/** The small-screen menu: the header's entries; any selection closes it. */
export function MobileMenu({ isOpen, onNavigate }: { isOpen: boolean; onNavigate: () => void }) {
  const [location] = useLocation();
  const [servicesOpen, setServicesOpen] = useState(false);

  return (
    <nav id="mobile-menu" aria-label="Mobile" className="mobile-menu" hidden={!isOpen}>
      <ul className="container mobile-menu__list">
        {navItems.map((item) => (
          <li key={item.label}>
            {item.kind === "services" ? (
              <>
                <button
                  type="button"
                  className="mobile-menu__link"
                  aria-expanded={servicesOpen}
                  aria-controls="mobile-services"
                  onClick={() => setServicesOpen((open) => !open)}
                >
                  {item.label} <ChevronDownIcon size={18} className="services-menu__chevron" />
                </button>
                <ul id="mobile-services" className="mobile-menu__sub" hidden={!servicesOpen}>
                  {serviceLinks.map((link) => (
                    <li key={link.href}>
                      <Link
                        href={link.href}
                        className="mobile-menu__link"
                        aria-current={location === link.href ? "page" : undefined}
                        onClick={onNavigate}
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : item.kind === "section" ? (
              <SectionLink section={item.section} className="mobile-menu__link" onNavigate={onNavigate}>
                {item.label}
              </SectionLink>
            ) : (
              <Link
                href={item.href}
                className="mobile-menu__link"
                aria-current={location === item.href ? "page" : undefined}
                onClick={onNavigate}
              >
                {item.label}
              </Link>
            )}
          </li>
        ))}
        <li className="mobile-menu__actions">
          <Button asChild size="3">
            <SectionLink section="quote" onNavigate={onNavigate}>
              Get Quote
            </SectionLink>
          </Button>
          <Button asChild size="3" variant="outline" color="gray" highContrast>
            <FactLink to="phone" onClick={onNavigate}>
              <PhoneIcon size={18} />
              <span>
                Call <Fact name="phone" />
              </span>
            </FactLink>
          </Button>
        </li>
      </ul>
    </nav>
  );
}
