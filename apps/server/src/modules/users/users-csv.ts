import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import type { TUserListItem } from '@swipe/contracts/users';

// CSV export of the user list: UTF-8 with a byte-order mark (Japanese Excel reads it as UTF-8
// only then), CRLF line ends, headers in the caller's language, and cells that a spreadsheet
// would run as a formula (DESIGN 8) prefixed with a single quote.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const toCsv = (rows: (string | number | boolean | null | undefined)[][]) =>
  `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;

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

/** "YYYY-MM-DD HH:mm" in Japan, as operators read dates. */
const jstDateTime = (iso: string) =>
  new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

export function usersCsv(items: TUserListItem[], lang: TUiLanguage): string {
  const t = (key: string) => translate(key, lang);
  const header = COLUMNS.map((c) => t(`users.csv.${c}`));
  const rows = items.map((u) => [
    u.companyName,
    u.email,
    u.contactName,
    t(`users.kind.${u.kind}`),
    u.parentAccountName,
    u.contract?.planName,
    u.contract ? t(`users.status.${u.contract.status}`) : '',
    u.contract?.startDate,
    u.contract?.endDate,
    t(`users.authority.${u.authority}`),
    u.contract ? t(u.contract.licenseIssued ? 'users.csv.yes' : 'users.csv.no') : '',
    jstDateTime(u.createdAt),
  ]);
  return toCsv([header, ...rows]);
}
