import type { TContractStatus } from '@swipe/contracts/roles';
import type { TContractAction } from '@swipe/contracts/users';
import { todayJst } from '../../app/format';

// Small presentation rules of the user pages, kept pure so they are unit-tested. Money and
// date formatting is shared: app/format.ts.

/** The first day of next month in Japan: when a plan change takes effect. */
export function firstOfNextMonthJst(now = new Date()): string {
  const [year, month] = todayJst(now).split('-').map(Number);
  // `month` is 1-based, so as a 0-based month index it is already the next one.
  return new Date(Date.UTC(year!, month!, 1)).toISOString().slice(0, 10);
}

export const STATUS_COLORS: Record<TContractStatus, string> = {
  ACTIVE: 'teal',
  SUSPENDED: 'orange',
  TERMINATED: 'red',
  INACTIVE: 'gray',
};

/** The contract transitions a status allows, to show (disabled) to a view-only user. */
export function actionsForStatus(status: TContractStatus | undefined): TContractAction[] {
  if (status === 'ACTIVE') return ['SUSPEND', 'TERMINATE'];
  if (status === 'SUSPENDED') return ['RESUME', 'TERMINATE'];
  return [];
}
