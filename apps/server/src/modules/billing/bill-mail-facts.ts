import type { TUiLanguage } from '@swipe/contracts/i18n';
import { formatLongDate, formatMonth, formatYen } from '@swipe/contracts/jst-format';

// What the billing mails say about a bill, in the mail's language and through the product's one
// Japan-time formatting, so a mail states the same month, amount and dates as the invoice PDF and
// Check Plan: "October 2026", "¥12,100", "November 30, 2026" / "2026年11月30日".

export type TBillMailFacts = { month: string; number: string; total: string; due: string; retry: string };

export function billMailFacts(
  bill: { month: string; number: string; total: number; dueDate: string },
  lang: TUiLanguage,
  retryAt: Date | null = null,
): TBillMailFacts {
  return {
    month: formatMonth(bill.month.slice(0, 7), lang),
    number: bill.number,
    total: formatYen(bill.total),
    due: formatLongDate(bill.dueDate, lang),
    retry: retryAt ? formatLongDate(retryAt, lang) : '',
  };
}
