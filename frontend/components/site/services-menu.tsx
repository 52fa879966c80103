import { useRef } from "react";
import { Link, useLocation } from "wouter";
import { useDisclosure } from "../../hooks/use-disclosure";
import { ChevronDownIcon } from "./icons";
import { serviceLinks } from "./nav-items";

/**
 * The header's Services dropdown: a disclosure of two links (the navigation pattern for site menus),
 * toggled by its button, closed by Escape, an outside click or a selection.
 */
export function ServicesMenu() {
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { isOpen, toggle, close } = useDisclosure(container, button);
  const [location] = useLocation();
  const isCurrent = serviceLinks.some((l) => l.href === location);

  return (
    <div className="services-menu" ref={container}>
      <button
        ref={button}
        type="button"
        className="nav-link services-menu__button"
        aria-expanded={isOpen}
        aria-controls="services-menu-list"
        data-current={isCurrent || undefined}
        onClick={toggle}
      >
        Services <ChevronDownIcon size={16} className="services-menu__chevron" />
      </button>
      <ul id="services-menu-list" className="services-menu__list" hidden={!isOpen}>
        {serviceLinks.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              className="services-menu__link"
              aria-current={location === link.href ? "page" : undefined}
              onClick={close}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
