import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../i18n/i18n';
import { historyContent } from './history-text';

const render = (lang: string, item: Parameters<typeof historyContent>[0]) =>
  historyContent(
    item,
    (key, options) => i18n.t(key as 'users.title', { ...options, lng: lang }) as string,
    (key) => i18n.exists(key),
    lang,
  );

// The console downloads one language at a time; these cases word items in two.
beforeAll(async () => {
  await Promise.all([loadLanguage('en'), loadLanguage('ja')]);
});

describe('contract history process content', () => {
  it('words the action and each change in the UI language', () => {
    const item = {
      action: 'PLAN_CHANGE_SCHEDULED' as const,
      changes: [{ field: 'pendingPlan', from: null, to: 'Premium' }],
    };
    expect(render('en', item)).toEqual({
      title: 'Plan change scheduled',
      lines: ['Scheduled plan: (none) → Premium'],
    });
    expect(render('ja', item).title).toBe('プラン変更を予約');
  });

  it('translates statuses, authorities, booleans and dates, and keeps unknown fields readable', () => {
    const { lines } = render('en', {
      action: 'USER_UPDATED',
      changes: [
        { field: 'status', from: 'ACTIVE', to: 'SUSPENDED' },
        { field: 'authority', from: 'EDIT', to: 'VIEW' },
        { field: 'licenseIssued', from: 'false', to: 'true' },
        { field: 'contractEndDate', from: '2027-01-31', to: '2027-03-31' },
        { field: 'someNewField', from: 'a', to: 'b' },
      ],
    });
    expect(lines).toEqual([
      'Contract status: Active → Suspended',
      'Permission: Edit → View only',
      'License issuance: No → Yes',
      'Contract expiry: Jan 31, 2027 → Mar 31, 2027',
      'Some new field: a → b',
    ]);
  });
});
