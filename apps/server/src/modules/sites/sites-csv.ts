import type { TUiLanguage } from '@swipe/contracts/i18n';
import { formatCsvDateTime } from '@swipe/contracts/jst-format';
import { type TMessageKey, translate } from '@swipe/contracts/messages';
import type { TSiteSummary } from '@swipe/contracts/site-api';
import { toCsv } from '../../platform/csv';

// CSV export of the site list (GET /api/site/export), headers in the caller's language.

const COLUMNS = [
  'name',
  'status',
  'account',
  'url',
  'pages',
  'languages',
  'publishedAt',
  'createdAt',
  'updatedAt',
] as const;

export function sitesCsv(items: TSiteSummary[], lang: TUiLanguage): string {
  const t = (key: TMessageKey) => translate(key, lang);
  const header = COLUMNS.map((c) => t(`sites.csv.${c}`));
  const rows = items.map((s) => [
    s.name,
    t(`sites.status.${s.status}`),
    s.accountName,
    s.url,
    s.pages,
    s.languages.join(' '),
    formatCsvDateTime(s.publishedAt),
    formatCsvDateTime(s.createdAt),
    formatCsvDateTime(s.updatedAt),
  ]);
  return toCsv([header, ...rows]);
}
