import { Button, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import type { ManagedBooking } from "../../schema/api/bookings";
import { SlotPicker } from "../components/book/slot-picker";
import { visitLabel } from "../components/book/slots";
import { PageHero } from "../components/site/page-hero";
import { useSlotChoice } from "../hooks/use-slots";
import { api, HttpError } from "../lib/api";
import { FactLink } from "../lib/facts";
import "../components/book/book.css";

type State =
  | { name: "loading" }
  | { name: "failed"; message: string }
  | { name: "ready"; booking: ManagedBooking; mode: "view" | "cancel" | "move"; notice?: string };

const messageOf = (error: unknown) =>
  error instanceof HttpError && error.serverMessage
    ? error.serverMessage
    : "Sorry, something went wrong. Please try again, or call us.";

/** /book/manage?token=…: the visitor's own link from the confirmation e-mail, to cancel or move a visit. */
export default function BookManage() {
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<State>({ name: "loading" });
  const choice = useSlotChoice();
  const { start } = choice;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const found = new URLSearchParams(window.location.search).get("token")?.trim() ?? "";
    setToken(found);
    // Opened without its token (copied in part, or typed): nothing to ask the server.
    if (!found) {
      setState({
        name: "failed",
        message:
          "This address is missing the part that identifies your visit. Please open the link in your confirmation e-mail again.",
      });
      return;
    }
    api<ManagedBooking>(`/api/bookings/manage?token=${encodeURIComponent(found)}`)
      .then((booking) => setState({ name: "ready", booking, mode: "view" }))
      .catch((error) => setState({ name: "failed", message: messageOf(error) }));
  }, []);

  const act = async (path: "cancel" | "move", notice: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const booking = await api<ManagedBooking>(`/api/bookings/manage/${path}`, {
        json: path === "move" ? { token, start } : { token },
      });
      setState({ name: "ready", booking, mode: "view", notice });
      choice.clearTime();
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHero eyebrow="Your booking" title="Your visit" lead="See your booked visit, move it to another time or cancel it." />
      <section className="section">
        <div className="container book">
          {state.name === "loading" ? (
            <div className="card book-step book-slots--loading" aria-busy="true">
              <Text size="2" color="gray">
                Loading your booking…
              </Text>
            </div>
          ) : state.name === "failed" ? (
            <div className="card book-step" role="alert">
              <h2 className="book-step__title">We couldn't open this booking</h2>
              <p>{state.message}</p>
              <p>
                Please call us on <FactLink to="phone" />.
              </p>
            </div>
          ) : (
            <div className="card book-step">
              <h2 className="book-step__title">{state.booking.serviceLabel}</h2>
              {state.notice ? (
                <p role="status" className="book-notice">
                  {state.notice}
                </p>
              ) : null}
              <dl className="book-details">
                <div>
                  <dt>Reference</dt>
                  <dd className="book-reference">{state.booking.reference}</dd>
                </div>
                <div>
                  <dt>When</dt>
                  <dd>{state.booking.status === "cancelled" ? "Cancelled" : visitLabel(state.booking.start)}</dd>
                </div>
                {state.booking.address ? (
                  <div>
                    <dt>Where</dt>
                    <dd>
                      {state.booking.address}, {state.booking.postcode}
                    </dd>
                  </div>
                ) : null}
              </dl>
              {state.booking.status === "cancelled" ? (
                <p>
                  This visit is cancelled. <Link href="/book">Book another</Link> whenever you like.
                </p>
              ) : !state.booking.canChange ? (
                <p>
                  The visit is less than 24 hours away, so it can no longer be changed online. Please call us on{" "}
                  <FactLink to="phone" />.
                </p>
              ) : state.mode === "view" ? (
                <div className="cta-row">
                  <Button size="3" onClick={() => setState({ ...state, mode: "move", notice: undefined })}>
                    Move this visit
                  </Button>
                  <Button
                    size="3"
                    variant="soft"
                    color="red"
                    onClick={() => setState({ ...state, mode: "cancel", notice: undefined })}
                  >
                    Cancel this visit
                  </Button>
                </div>
              ) : state.mode === "cancel" ? (
                <div className="book-confirm">
                  <p>Cancel your visit on {visitLabel(state.booking.start)}?</p>
                  <div className="cta-row">
                    <Button
                      size="3"
                      color="red"
                      disabled={busy}
                      onClick={() => act("cancel", "Your visit is cancelled. We've e-mailed you to confirm.")}
                    >
                      {busy ? "Cancelling…" : "Yes, cancel it"}
                    </Button>
                    <Button size="3" variant="soft" color="gray" onClick={() => setState({ ...state, mode: "view" })}>
                      Keep it
                    </Button>
                  </div>
                </div>
              ) : (
                <div className="book-confirm">
                  <SlotPicker service={state.booking.moveBy} {...choice.pickerProps} />
                  <div className="cta-row">
                    <Button
                      size="3"
                      disabled={!start || busy}
                      onClick={() => act("move", "Your visit is moved. We've e-mailed you the new time.")}
                    >
                      {busy ? "Moving…" : start ? `Move to ${visitLabel(start)}` : "Choose a new time"}
                    </Button>
                    <Button size="3" variant="soft" color="gray" onClick={() => setState({ ...state, mode: "view" })}>
                      Keep the current time
                    </Button>
                  </div>
                </div>
              )}
              {problem ? (
                <p role="alert" className="book-problem">
                  {problem}
                </p>
              ) : null}
            </div>
          )}
        </div>
      </section>
    </>
  );
}
