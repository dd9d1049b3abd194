import { formatDateTime, jstDay } from '@swipe/contracts/jst-format';

// Money, counts and dates in the UI language for the feature pages: the product's one formatting
// (packages/contracts/src/jst-format.ts), shared with the server's mails, CSV exports and invoice
// PDFs, so a screen prints the same Japan-time date as the invoice whatever the browser's zone.

export {
  formatCount,
  formatDate,
  formatDateTime,
  formatJstTime,
  formatLongDate,
  formatMonth,
  formatShortDate,
  formatYen,
} from '@swipe/contracts/jst-format';

/** Today's calendar date in Japan (contract dates are JST), as YYYY-MM-DD. */
export const todayJst = (now = new Date()) => jstDay(now);

/** Operators read visitor data (submissions, survey answers) in Japan time, as the filters count days. */
export const formatJstDateTime = (iso: string | null | undefined, lang: string, seconds = false) =>
  formatDateTime(iso, lang, 'Asia/Tokyo', seconds);
