import type { ReactNode } from "react";
import { Link } from "wouter";
import { company } from "../../schema/business";
import { useCart } from "../hooks/use-cart";
import { ChatWidget } from "./chat-widget";
import { EmailSignupModal } from "./email-signup-modal";

/** Placeholder header and footer; the public-site work replaces them with the spec's full versions. */
export function Layout({ children }: { children: ReactNode }) {
  const { cartCount } = useCart();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header>
        <nav aria-label="Main">
          <Link href="/">{company.name}</Link> <Link href="/store">Store</Link> <Link href="/boiler-pricing">New Boiler</Link>{" "}
          <Link href="/cart">Cart{cartCount > 0 ? ` (${cartCount})` : ""}</Link>
        </nav>
      </header>
      <main id="main">{children}</main>
      <footer>
        <Link href="/service/boiler-service">Boiler Service</Link> <Link href="/service/plumbing">Plumber Services</Link>{" "}
        <Link href="/admin/login">©</Link> {new Date().getFullYear()} {company.name}
      </footer>
      <EmailSignupModal />
      <ChatWidget />
    </>
  );
}
