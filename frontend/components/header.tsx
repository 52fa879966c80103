import { Button } from "@radix-ui/themes";
import { useRef } from "react";
import { Link, useLocation } from "wouter";
import { emergencyLine } from "../../schema/business";
import "./header.css";
import { useDisclosure } from "../hooks/use-disclosure";
import { Fact, FactLink } from "../lib/facts";
import { CartLink } from "./site/cart-link";
import { ClockIcon, CloseIcon, MenuIcon, PhoneIcon, ShieldIcon } from "./site/icons";
import { Logo } from "./site/logo";
import { MobileMenu } from "./site/mobile-menu";
import { navItems } from "./site/nav-items";
import { SectionLink } from "./site/section-link";
import { ServicesMenu } from "./site/services-menu";

/** The public header: top strip of contact facts, then the sticky navigation bar. */
export function Header() {
  const [location] = useLocation();
  const header = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useDisclosure(header, menuButton);

  return (
    <header className="site-header" ref={header}>
      <div className="topbar">
        <div className="container topbar__inner">
          <span className="topbar__item">
            <ShieldIcon size={16} />
            <span>
              Gas Safe Registered No. <Fact name="gasSafeNumber" />
            </span>
          </span>
          <span className="topbar__item topbar__hours">
            <ClockIcon size={16} />
            <span>
              Mon-Fri <Fact name="hours.weekdays" /> · Sat <Fact name="hours.saturday" />
            </span>
          </span>
          <FactLink to="emergencyPhone" className="topbar__item topbar__emergency">
            <PhoneIcon size={16} />
            <span>
              {emergencyLine}:{" "}
              <strong>
                <Fact name="emergencyPhone" />
              </strong>
            </span>
          </FactLink>
        </div>
      </div>
      <div className="container site-header__bar">
        <Logo />
        <nav aria-label="Main" className="main-nav">
          <ul>
            {navItems.map((item) => (
              <li key={item.label}>
                {item.kind === "services" ? (
                  <ServicesMenu />
                ) : item.kind === "section" ? (
                  <SectionLink section={item.section} className="nav-link">
                    {item.label}
                  </SectionLink>
                ) : (
                  <Link href={item.href} className="nav-link" aria-current={location === item.href ? "page" : undefined}>
                    {item.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <FactLink to="phone" className="header-phone">
            <PhoneIcon size={18} />
            <Fact name="phone" />
          </FactLink>
          <CartLink />
          <Button asChild size="3" className="header-quote">
            <SectionLink section="quote">Get Quote</SectionLink>
          </Button>
          <button
            ref={menuButton}
            type="button"
            className="icon-link menu-button"
            aria-expanded={menu.isOpen}
            aria-controls="mobile-menu"
            aria-label={menu.isOpen ? "Close menu" : "Open menu"}
            onClick={menu.toggle}
          >
            {menu.isOpen ? <CloseIcon size={26} /> : <MenuIcon size={26} />}
          </button>
        </div>
      </div>
      <MobileMenu isOpen={menu.isOpen} onNavigate={menu.close} />
    </header>
  );
}
