import { Button, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { type BookableService, type BookingCreated, bookableServiceLabels } from "../../schema/api/bookings";
import { type ContactChannel, contactChannels } from "../../schema/api/customers";
import { type BookingFields, BookingForm, emptyBooking } from "../components/book/booking-form";
import { SlotPicker } from "../components/book/slot-picker";
import { visitLabel } from "../components/book/slots";
import { PageHero } from "../components/site/page-hero";
import { useSlotChoice, useSlots } from "../hooks/use-slots";
import { FactLink } from "../lib/facts";
import { useForm } from "../lib/use-form";
import "../components/book/book.css";

const services = Object.keys(bookableServiceLabels) as BookableService[];
const isChannel = (value: string | null): value is ContactChannel =>
  (contactChannels as readonly (string | null)[]).includes(value);
const isService = (value: string | null): value is BookableService => !!value && Object.hasOwn(bookableServiceLabels, value);

/** /book: a service, a day, a time, the visitor's details, done. */
export default function Book() {
  const [service, setService] = useState<BookableService>("annual-service");
  const choice = useSlotChoice();
  const { start } = choice;
  // Kept here, so the details typed stay while another time is picked.
  const form = useForm<BookingFields>({ initial: emptyBooking });
  const [booked, setBooked] = useState<(BookingCreated & { service: BookableService }) | null>(null);
  // "Book the check" on a signed-in account names the property: the visit is booked there, for them.
  const [accountPropertyId, setAccountPropertyId] = useState<number | undefined>(undefined);
  const [accountChannel, setAccountChannel] = useState(false);
  const { mutate } = useSlots(service);

  // A reminder's link carries the service and the postcode, the account's "Book the check" the
  // property and who to book for; the page is prerendered without them.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const linked = params.get("service");
    if (isService(linked)) setService(linked);
    const given = (["postcode", "address", "name", "email", "phone"] as const).flatMap((name) => {
      const value = params.get(name)?.trim().slice(0, 300);
      return value ? [[name, value] as const] : [];
    });
    if (given.length) form.update((f) => ({ ...f, ...Object.fromEntries(given.filter(([name]) => !f[name])) }));
    const property = Number(params.get("property"));
    if (Number.isSafeInteger(property) && property > 0 && /(?:^|;\s*)account_hint=1/.test(document.cookie)) {
      setAccountPropertyId(property);
      // The account's own properties carry its channel, the choice the form starts from; a tenant's none.
      const channel = params.get("channel");
      if (isChannel(channel)) {
        setAccountChannel(true);
        form.update((f) => ({ ...f, contactChannel: f.contactChannel || channel }));
      }
    }
  }, [form.update]);

  const choose = (next: BookableService) => {
    setService(next);
    choice.clear();
  };

  return (
    <>
      <PageHero
        eyebrow="Book online"
        title="Book a visit"
        lead="Pick a day and a time that suit you. Your booking is confirmed at once, with a link to move or cancel it."
      />
      <section className="section">
        <div className="container book">
          {booked ? (
            <div className="card book-done" role="status">
              <h2 className="book-step__title">You're booked in</h2>
              <p>
                <strong>{bookableServiceLabels[booked.service]}</strong> on <strong>{visitLabel(booked.start)}</strong>.
              </p>
              <p>
                Your reference is <strong className="book-reference">{booked.reference}</strong>. We've e-mailed a confirmation
                with a calendar file and a link to move or cancel the visit up to 24 hours before.
              </p>
              <p>
                Need to talk to us? Call <FactLink to="phone" />.
              </p>
              <Button asChild variant="soft">
                <Link href="/">Back to the home page</Link>
              </Button>
            </div>
          ) : (
            <>
              <div className="card book-step">
                <h2 className="book-step__title">1. What do you need?</h2>
                <fieldset className="book-fieldset">
                  <legend className="visually-hidden">Service</legend>
                  <div className="book-services">
                    {services.map((s) => (
                      <label key={s} className="book-service">
                        <input type="radio" name="service" value={s} checked={service === s} onChange={() => choose(s)} />
                        <span>{bookableServiceLabels[s]}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              </div>
              <div className="card book-step">
                <h2 className="book-step__title">2. When?</h2>
                <SlotPicker service={service} {...choice.pickerProps} />
                <Text as="p" size="2" color="gray" className="book-when">
                  {start ? `Your visit: ${visitLabel(start)}` : "Choose a time to continue."}
                </Text>
              </div>
              <div className="card book-step">
                <h2 className="book-step__title">3. Your details</h2>
                <BookingForm
                  service={service}
                  start={start}
                  form={form}
                  onBooked={(created) => {
                    setBooked({ ...created, service });
                    window.scrollTo({ top: 0 });
                  }}
                  accountPropertyId={accountPropertyId}
                  chooseChannel={accountPropertyId === undefined || accountChannel}
                  onTaken={() => {
                    choice.clearTime();
                    void mutate();
                  }}
                />
              </div>
            </>
          )}
        </div>
      </section>
    </>
  );
}
