import type { TUiLanguage } from '@swipe/contracts/i18n';
import { formatCsvDate, formatCsvDateTime } from '@swipe/contracts/jst-format';
import { type TMessageKey, translate } from '@swipe/contracts/messages';
import type { TUserListItem } from '@swipe/contracts/users';
import { toCsv } from '../../platform/csv';

// CSV export of the user list, headers in the caller's language (the format: platform/csv.ts).

const COLUMNS = [
  'companyName',
  'email',
  'contactName',
  'kind',
  'parentAccount',
  'plan',
  'status',
  'startDate',
  'endDate',
  'authority',
  'licenseIssued',
  'createdAt',
] as const;

export function usersCsv(items: TUserListItem[], lang: TUiLanguage): string {
  const t = (key: TMessageKey) => translate(key, lang);
  const header = COLUMNS.map((c) => t(`users.csv.${c}`));
  const rows = items.map((u) => [
    u.companyName,
    u.email,
    u.contactName,
    t(`users.kind.${u.kind}`),
    u.parentAccountName,
    u.contract?.planName,
    u.contract ? t(`users.status.${u.contract.status}`) : '',
    formatCsvDate(u.contract?.startDate),
    formatCsvDate(u.contract?.endDate),
    t(`users.authority.${u.authority}`),
    u.contract ? t(u.contract.licenseIssued ? 'users.csv.yes' : 'users.csv.no') : '',
    formatCsvDateTime(u.createdAt),
  ]);
  return toCsv([header, ...rows]);
}
