/**
 * Every public route of the site (the back office's are in admin-routes.ts, so a visitor's code
 * never carries them). `prerender` routes are built to their own HTML file. `indexable: false`
 * keeps a public page (the cart and payment steps) out of search results and the sitemap. `page`
 * names the module in frontend/pages that renders the route: the prerendered HTML preloads its
 * code. Plain data, so the build scripts can read it too. A title or description may name a fact
 * in braces ("from {service.from}"): the Worker fills it from the owner's settings (schema/facts.ts
 * `fillFacts`).
 */

export type RouteInfo = {
  path: string;
  title: string;
  description: string;
  prerender: boolean;
  indexable?: boolean;
  page?: string;
  /**
   * A back-office path with a parameter has no shell of its own: it is served this screen's shell
   * (a rewrite, so the address stays), the line scripts/prerender.mjs writes into the build's _redirects.
   */
  shell?: string;
};

export const publicRoutes: RouteInfo[] = [
  {
    path: "/",
    page: "home",
    title: "Gas Safe Boiler & Plumbing Engineers in Manchester",
    description:
      "Gas Safe registered boiler installation, servicing, repairs and plumbing across Greater Manchester. 24/7 emergency callouts, free quotes and boiler parts online.",
    prerender: true,
  },
  {
    path: "/boiler-pricing",
    page: "boiler-pricing",
    title: "New Boiler Prices: Fitted Packages from {package.basic.price}",
    description:
      "Fixed-price new boiler packages fitted by Gas Safe engineers: Basic, Standard and Premium, with up to 10 years' warranty.",
    prerender: true,
  },
  {
    path: "/store",
    page: "store",
    title: "Boiler Parts Store",
    description:
      "Genuine boiler parts: gas valves, PCBs, fans, heat exchangers and more from Vaillant, Worcester, Baxi, Ideal and others. Free delivery in Greater Manchester.",
    prerender: true,
  },
  {
    path: "/cart",
    page: "cart",
    title: "Shopping Cart",
    description: "Your boiler parts basket.",
    prerender: true,
    indexable: false,
  },
  {
    path: "/checkout",
    page: "checkout",
    title: "Checkout",
    description: "Complete your boiler parts order.",
    prerender: true,
    indexable: false,
  },
  {
    path: "/payment-success",
    page: "payment-success",
    title: "Payment Successful",
    description: "Thank you for your order.",
    prerender: true,
    indexable: false,
  },
  {
    path: "/payment-cancelled",
    page: "payment-cancelled",
    title: "Payment Cancelled",
    description: "Your payment was cancelled and no charge was made.",
    prerender: true,
    indexable: false,
  },
  {
    path: "/confirm-subscription",
    page: "confirm-subscription",
    title: "Confirm Your Sign-up",
    description: "Confirm that you'd like our heating deals and tips by e-mail.",
    prerender: true,
    // A personal link from an e-mail: nothing here for a search engine.
    indexable: false,
  },
  {
    path: "/privacy",
    page: "privacy",
    title: "Privacy Notice",
    description:
      "What we collect when you ask for a quote, order parts, join our deals list or chat with us, why, who handles it and how long we keep it.",
    prerender: true,
  },
  {
    path: "/service/gas-electricity",
    page: "service-gas-electricity",
    title: "Gas & Electricity Tariffs",
    description: "Fixed, green and variable energy tariffs: call us to find the right one for your home.",
    prerender: true,
  },
  {
    path: "/service/boiler-service",
    page: "service-boiler",
    title: "Boiler Service from {service.from}",
    description:
      "Annual boiler servicing by Gas Safe engineers across Manchester: one-off service, summer offer and annual plans.",
    prerender: true,
  },
  {
    path: "/service/plumbing",
    page: "service-plumbing",
    title: "Plumbing Services",
    description:
      "Local plumbers for leaks, taps, toilets, radiators, bathrooms and pipework across Greater Manchester. Clear price bands, no call-out charge.",
    prerender: true,
  },
  {
    path: "/service/repairs",
    page: "service-repairs",
    title: "Home Repairs",
    description: "Reliable home repairs and handyman jobs across Greater Manchester with clear prices.",
    prerender: true,
  },
  {
    path: "/book",
    page: "book",
    title: "Book a Visit Online",
    description:
      "Book your boiler service, gas safety certificate or boiler repair online: pick a day and a time that suits you, confirmed at once.",
    prerender: true,
  },
  {
    path: "/book/manage",
    page: "book-manage",
    title: "Your Booking",
    description: "Cancel or move your booked visit.",
    prerender: true,
    // A personal link from an e-mail.
    indexable: false,
  },
  {
    path: "/quote",
    page: "quote",
    title: "Your Quote",
    description: "See your quote, choose an option and accept it online.",
    prerender: true,
    // A personal link from an e-mail (/quote/<token>, served this page by public/_redirects).
    indexable: false,
  },
  {
    path: "/invoice",
    page: "invoice",
    title: "Your Invoice",
    description: "See your invoice and pay it securely by card.",
    prerender: true,
    // A personal link from an e-mail (/invoice/<token>, served this page by public/_redirects).
    indexable: false,
  },
  {
    path: "/account",
    page: "account",
    title: "Your Account",
    description: "Your visits, gas safety records, quotes, invoices and orders with us, in one place.",
    prerender: true,
    // Personal: signed in by an e-mailed link.
    indexable: false,
  },
  {
    path: "/account/sign-in",
    page: "account-sign-in",
    title: "Signing You In",
    description: "Signing you in to your account.",
    prerender: true,
    indexable: false,
  },
  {
    path: "/terms",
    page: "terms",
    title: "Terms of Service",
    description:
      "The terms for parts orders, fitted work, quotes and online bookings with Northside Heating & Plumbing: prices, delivery, returns, cancellations and guarantees.",
    prerender: true,
  },
  {
    path: "/review-policy",
    page: "review-policy",
    title: "Review Policy",
    description:
      "How Northside Heating & Plumbing asks for reviews: every customer invited after a paid job, the same message and link for all, none paid for or filtered, and how to report a review.",
    prerender: true,
  },
];

/** Whether `path` is an address of the route `pattern` ("/admin/customers/:id" matches "/admin/customers/12"). */
export const matchesRoute = (pattern: string, path: string): boolean =>
  pattern === path || new RegExp(`^${pattern.replace(/:\w+/g, "[^/]+")}$`).test(path);
