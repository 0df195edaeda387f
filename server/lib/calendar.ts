/**
 * Calendar arithmetic of the retention periods: the content API erases by it, the site's outbox gives
 * up on a submission by it, so both count a period alike.
 */

/**
 * The moment `months` calendar months before `now`, in UTC. A day the earlier month lacks is its last
 * day (31 March less one month is 28 or 29 February), so a period never ends early.
 */
export function monthsBefore(now: Date, months: number): Date {
  const target = new Date(now.getTime());
  const day = now.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60_000);
}
