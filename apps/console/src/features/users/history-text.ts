import type { TContractHistoryItem } from '@swipe/contracts/users';
import { formatDate } from '../../app/format';

// "Process content" of the contract history: the action's label plus one line per
// changed field, worded from the action code and the raw changes in the UI language.

type TTranslate = (key: string, options?: Record<string, unknown>) => string;
type TExists = (key: string) => boolean;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Field names are camelCase codes; an unknown one is shown readable rather than hidden. */
export function fieldLabel(field: string, t: TTranslate, exists: TExists): string {
  const key = `users.fields.${field}`;
  if (exists(key)) return t(key);
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function valueText(value: string | null, t: TTranslate, exists: TExists, lang: string): string {
  if (value === null || value === '') return t('users.history.empty');
  if (value === 'true' || value === 'false') return t(`users.history.${value === 'true' ? 'yes' : 'no'}`);
  for (const group of ['status', 'authority', 'kind']) {
    const key = `users.${group}.${value}`;
    if (/^[A-Z_]+$/.test(value) && exists(key)) return t(key);
  }
  if (DATE_RE.test(value)) return formatDate(value, lang);
  return value;
}

export function historyContent(
  item: Pick<TContractHistoryItem, 'action' | 'changes'>,
  t: TTranslate,
  exists: TExists,
  lang: string,
): { title: string; lines: string[] } {
  return {
    title: t(`users.history.actions.${item.action}`),
    lines: item.changes.map((c) =>
      t('users.history.change', {
        field: fieldLabel(c.field, t, exists),
        from: valueText(c.from, t, exists, lang),
        to: valueText(c.to, t, exists, lang),
      }),
    ),
  };
}
