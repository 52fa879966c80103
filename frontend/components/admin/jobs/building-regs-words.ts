/** "3 days left", "due today", "2 days overdue": the deadline as the screens say it. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return "due today";
  const days = Math.abs(daysLeft) === 1 ? "1 day" : `${Math.abs(daysLeft)} days`;
  return daysLeft > 0 ? `${days} left` : `${days} overdue`;
}
