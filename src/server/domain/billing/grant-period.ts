/** Bounds of the months an order may grant. */
export const MIN_PERIOD_MONTHS = 1;
export const MAX_PERIOD_MONTHS = 36;

/**
 * `from` plus whole calendar months in UTC, clamped to the month's last day
 * (Jan 31 + 1 month = Feb 28/29), so a monthly grant never skips a month.
 */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  target.setUTCHours(from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds());
  return target;
}

/**
 * The period a paid order grants. Paying for the plan the user already holds
 * renews it: the new period starts when the running one ends, so paying early
 * loses nothing. Any other plan takes effect at once.
 */
export function grantPeriod(paidAt: Date, months: number, runningGrantOfSamePlanEndsAt: Date | null): { startsAt: Date; endsAt: Date } {
  const startsAt = runningGrantOfSamePlanEndsAt && runningGrantOfSamePlanEndsAt > paidAt ? runningGrantOfSamePlanEndsAt : paidAt;
  return { startsAt, endsAt: addMonths(startsAt, months) };
}
