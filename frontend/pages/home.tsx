import { ContactSection } from "../components/home/contact-section";
import { CoverageMap } from "../components/home/coverage-map";
import { Gallery } from "../components/home/gallery";
import { Hero } from "../components/home/hero";
import "../components/home/home.css";
import { EnquirySection } from "../components/home/enquiry-section";
import { ServiceCards } from "../components/home/service-cards";
import { StatsStrip } from "../components/home/stats-strip";
import { Testimonials } from "../components/home/testimonials";
import { TrustedTraders } from "../components/home/trusted-traders";
import { WhyChooseUs } from "../components/home/why-choose-us";

/** The landing page: its ten sections (the footer comes with the layout). */
export default function Home() {
  return (
    <>
      <Hero />
      <StatsStrip />
      <ServiceCards />
      <TrustedTraders />
      <WhyChooseUs />
      <Testimonials />
      <CoverageMap />
      <EnquirySection />
      <ContactSection />
      <Gallery />
    </>
  );
}
