import { PLAN_FLAGS, type TPlan, type TPlanFlag } from '@swipe/contracts/plans';

// Usage, fees and contract progress of the plan pages, kept pure so they are unit-tested.
// Money and date formatting is shared: app/format.ts.

/** Share of a limit used, 0-100 (a limit of 0 counts as full once anything is used). */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / limit) * 100));
}

/** Green while comfortable, amber near the limit, red at or over it. */
export function usageColor(used: number, limit: number): 'teal' | 'yellow' | 'red' {
  const pct = limit <= 0 ? (used > 0 ? 100 : 0) : (used / limit) * 100;
  if (pct >= 100) return 'red';
  if (pct >= 80) return 'yellow';
  return 'teal';
}

/** The extra page-view fee so far: started units of `unit` PV beyond the limit, at `price` each. */
export function overLimitFee(used: number, limit: number, price: number, unit: number): number {
  if (used <= limit) return 0;
  return Math.ceil((used - limit) / unit) * price;
}

export const enabledFlags = (plan: Pick<TPlan, 'flags'>): TPlanFlag[] =>
  PLAN_FLAGS.filter((f) => plan.flags[f]);

const dayNumber = (date: string) => Math.floor(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 86_400_000);

/** How far into its term a contract is: share elapsed (0-100) and whole days left (end day included). */
export function contractProgress(startDate: string, endDate: string, today: string) {
  const total = dayNumber(endDate) - dayNumber(startDate) + 1;
  const elapsed = Math.min(Math.max(dayNumber(today) - dayNumber(startDate), 0), total);
  return {
    percent: total > 0 ? Math.round((elapsed / total) * 100) : 100,
    daysLeft: Math.max(dayNumber(endDate) - dayNumber(today) + 1, 0),
  };
}
