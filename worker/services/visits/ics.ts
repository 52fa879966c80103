import ICAL from "ical.js";
import { company } from "../../../schema/business";

/**
 * iCalendar (RFC 5545) through ical.js, which escapes, folds long lines and writes UTC times: the
 * "add to calendar" file of a booking e-mail and the owner's private feed.
 */
export type CalendarEvent = {
  uid: string;
  start: Date;
  end: Date;
  /** An untimed visit: the whole (London) day. */
  allDay?: { date: string };
  summary: string;
  description?: string;
  location?: string;
  cancelled?: boolean;
};

export function calendarFile(events: CalendarEvent[], options: { name?: string; method?: "PUBLISH" | "CANCEL" } = {}): string {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.updatePropertyWithValue("prodid", `-//${company.shortName}//Bookings//EN`);
  calendar.updatePropertyWithValue("version", "2.0");
  calendar.updatePropertyWithValue("calscale", "GREGORIAN");
  calendar.updatePropertyWithValue("method", options.method ?? "PUBLISH");
  if (options.name) calendar.updatePropertyWithValue("x-wr-calname", options.name);
  const stamp = ICAL.Time.fromJSDate(new Date(), true);
  for (const item of events) {
    const component = new ICAL.Component("vevent");
    const event = new ICAL.Event(component);
    event.uid = item.uid;
    event.summary = item.summary;
    if (item.allDay) {
      const day = ICAL.Time.fromDateString(item.allDay.date);
      event.startDate = day;
      const next = day.clone();
      next.adjust(1, 0, 0, 0);
      event.endDate = next;
    } else {
      event.startDate = ICAL.Time.fromJSDate(item.start, true);
      event.endDate = ICAL.Time.fromJSDate(item.end, true);
    }
    if (item.description) event.description = item.description;
    if (item.location) event.location = item.location;
    component.updatePropertyWithValue("dtstamp", stamp);
    component.updatePropertyWithValue("status", item.cancelled ? "CANCELLED" : "CONFIRMED");
    calendar.addSubcomponent(component);
  }
  return calendar.toString();
}
