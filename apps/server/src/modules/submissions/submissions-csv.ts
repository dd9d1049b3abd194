import type { TUiLanguage } from '@swipe/contracts/i18n';
import { formatCsvDateTime } from '@swipe/contracts/jst-format';
import { type TMessageKey, translate } from '@swipe/contracts/messages';
import type { TMemberSummary, TSubmissionSummary } from '@swipe/contracts/submissions';
import { toCsv } from '../../platform/csv';

// CSV exports of a site's members, contacts and homepage forms (GET .../export-csv): the fixed
// columns with headers in the caller's language, then one column per answer title, in the order
// titles first appear over time (a field the creator added later is a column to the right; a
// renamed one is a new column instead of mixing answers). Rows are newest first, like the list.

type TAnswers = { title: string; value: string }[];

/** Every answer title of the rows (newest first), each once, oldest first appearance first. */
export function answerTitles(rows: { data: TAnswers }[]): string[] {
  const titles = new Set<string>();
  for (let i = rows.length - 1; i >= 0; i--) for (const answer of rows[i]!.data) titles.add(answer.title);
  return [...titles];
}

/** The row's answer per title ('' where it has none; repeated titles joined). */
function answerCells(data: TAnswers, titles: string[]): string[] {
  return titles.map((title) =>
    data
      .filter((a) => a.title === title)
      .map((a) => a.value)
      .join(' / '),
  );
}

const at = (iso: string | null) => formatCsvDateTime(iso);

export function membersCsv(items: TMemberSummary[], lang: TUiLanguage): string {
  const t = (key: TMessageKey) => translate(key, lang);
  const titles = answerTitles(items);
  const header = [
    t('submissions.csv.registeredAt'),
    t('submissions.csv.email'),
    t('submissions.csv.language'),
    t('submissions.csv.status'),
    t('submissions.csv.confirmedAt'),
    t('submissions.csv.lastLoginAt'),
    ...titles,
  ];
  const rows = items.map((m) => [
    at(m.createdAt),
    m.email,
    t(`submissions.language.${m.lang}`),
    t(`submissions.status.${m.status}`),
    at(m.confirmedAt),
    at(m.lastLoginAt),
    ...answerCells(m.data, titles),
  ]);
  return toCsv([header, ...rows]);
}

export function submissionsCsv(items: TSubmissionSummary[], lang: TUiLanguage): string {
  const t = (key: TMessageKey) => translate(key, lang);
  const titles = answerTitles(items);
  // The homepage form's optional mode is a column only when some row has one.
  const withMode = items.some((s) => s.mode);
  const header = [
    t('submissions.csv.receivedAt'),
    t('submissions.csv.email'),
    t('submissions.csv.companyName'),
    t('submissions.csv.language'),
    ...(withMode ? [t('submissions.csv.mode')] : []),
    ...titles,
  ];
  const rows = items.map((s) => [
    at(s.createdAt),
    s.email,
    s.companyName,
    t(`submissions.language.${s.lang}`),
    ...(withMode ? [s.mode ?? ''] : []),
    ...answerCells(s.data, titles),
  ]);
  return toCsv([header, ...rows]);
}
