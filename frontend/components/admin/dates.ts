/** Date display for the back office. Stored timestamps are ISO UTC; the owner reads UK time. */
const UK = "Europe/London";

const dateTimeGB = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: UK,
});
const dateGB = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: UK });
// Calendar dates (yyyy-mm-dd) have no time of day, so they are read in UTC to stay on their day.
const monthDayYear = new Intl.DateTimeFormat("en-US", { month: "short", day: "2-digit", year: "numeric", timeZone: "UTC" });

// Only ISO text is read as a date; anything else (free text in an old record) is shown as written.
const parse = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "23 Nov 2026, 09:14" */
export const formatDateTime = (iso: string) => {
  const d = parse(iso);
  return d ? dateTimeGB.format(d) : iso;
};

/** "23 Nov 2026" */
export const formatDate = (iso: string) => {
  const d = parse(iso);
  return d ? dateGB.format(d) : iso;
};

/** The service-record date format, "MMM dd, yyyy": "Nov 23, 2026". */
export const formatServiceDate = (isoDate: string) => {
  const d = parse(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  return d ? monthDayYear.format(d) : isoDate;
};
