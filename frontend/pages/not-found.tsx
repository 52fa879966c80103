import { Button } from "@radix-ui/themes";
import { Link } from "wouter";
import { CallButton } from "../components/site/call-button";
import { Fact } from "../lib/facts";
import "../components/site/pages.css";

/** Any unknown path. The prerendered 404.html is served with HTTP status 404. */
export default function NotFound() {
  return (
    <section className="not-found" aria-labelledby="page-title">
      <div className="container not-found__inner">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 id="page-title">404 Page Not Found</h1>
        <p className="not-found__text">
          Sorry, the page you were looking for isn't here. It may have moved, or the link may be mistyped. Try the home page, or
          call us on <Fact name="phone" className="nowrap" /> and we'll help.
        </p>
        <div className="cta-row not-found__actions">
          <Button asChild size="4">
            <Link href="/">Go to the home page</Link>
          </Button>
          <Button asChild size="4" variant="outline">
            <Link href="/store">Visit the store</Link>
          </Button>
          <CallButton size="4" variant="outline" />
        </div>
      </div>
    </section>
  );
}
