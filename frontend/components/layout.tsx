import { type ReactNode, Suspense } from "react";
import { PageReadySignal } from "../lib/page-ready";
import { ChatWidget } from "./chat-widget";
import { EmailSignupModal } from "./email-signup-modal";
import { Footer } from "./footer";
import { Header } from "./header";
import { ScrollManager } from "./scroll-manager";
import "./site/site.css";

/** Every public page: skip link, header, the page in `main`, footer, and the site-wide overlays. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    // A box-less wrapper that stops a dialog's restyling of the page at its edge (site.css, .site).
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Header and footer are Suspense boundaries too, which is how React hydrates them: in slices
          between which the browser can paint and handle input, not in one long task. */}
      <Suspense>
        <Header />
      </Suspense>
      <main id="main" tabIndex={-1}>
        {/* Pages are lazy chunks; on a client-side visit the space is held until one arrives. */}
        <Suspense fallback={<div className="page-loading" />}>
          {children}
          <PageReadySignal />
        </Suspense>
      </main>
      <Suspense>
        <Footer />
      </Suspense>
      <ScrollManager />
      <EmailSignupModal />
      <ChatWidget />
    </div>
  );
}
