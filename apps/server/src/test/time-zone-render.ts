import type { TBill } from '@swipe/contracts/billing';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { jstDay } from '@swipe/contracts/jst-format';
import { translate } from '@swipe/contracts/messages';
import type { TSubmissionSummary } from '@swipe/contracts/submissions';
import type { TUserListItem } from '@swipe/contracts/users';
import {
  formatDate,
  formatDateTime,
  formatMonth,
  formatShortDate,
  formatYen,
  todayJst,
} from '../../../console/src/app/format';
import { billMailFacts } from '../modules/billing/bill-mail-facts';
import { billsCsvRows } from '../modules/billing/billing.service';
import { renderInvoicePdf } from '../modules/billing/invoice-pdf';
import { pdfText } from '../modules/billing/pdf-text';
import { submissionsCsv } from '../modules/submissions/submissions-csv';
import { usersCsv } from '../modules/users/users-csv';
import { toCsv } from '../platform/csv';

// Test support for time-zones.test.ts, run as `node --import tsx` with TZ set: prints (JSON) what
// people read of one bill issued at 00:00 JST on 1 November 2026 (15:00 UTC on 31 October) —
// the bills CSV, the invoice PDF's text, the billing mails, the user and submission CSVs and the
// console's formatting — so the test can compare the output of processes in different zones.

const ISSUED_AT = '2026-10-31T15:00:00.000Z';
/** 00:30 JST on 1 December: still 30 November in UTC and in Los Angeles. */
const PAID_AT = '2026-11-30T15:30:00.000Z';
/** 08:00 JST on 5 November: 4 November in Los Angeles. */
const RETRY_AT = '2026-11-04T23:00:00.000Z';

const bill = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 'INV-202610-0001',
  accountId: '00000000-0000-4000-8000-000000000002',
  accountName: 'Hinode Trading',
  month: '2026-10',
  planName: 'Standard',
  planVersion: 1,
  blocksUsed: 3,
  pageViews: 12_345,
  pageViewLimit: 10_000,
  planFee: 100_000,
  pageViewFee: 2_345,
  licenseFee: 0,
  initialFee: 0,
  subtotal: 102_345,
  tax: 10_234,
  total: 112_579,
  method: 'CARD',
  status: 'PAID',
  issuedAt: ISSUED_AT,
  dueDate: '2026-11-30',
  paidAt: PAID_AT,
  failureMessage: null,
  testMode: true,
} as unknown as TBill;

const user = {
  id: '00000000-0000-4000-8000-000000000003',
  kind: 'USER',
  email: 'owner@hinode.example',
  contactName: 'Aoi Sato',
  companyName: 'Hinode Trading',
  accountId: bill.accountId,
  accountType: 'COMPANY',
  parentAccountId: null,
  parentAccountName: null,
  authority: 'EDIT',
  contract: null,
  createdAt: ISSUED_AT,
} as unknown as TUserListItem;

const submission: TSubmissionSummary = {
  id: '00000000-0000-4000-8000-000000000004',
  kind: 'CONTACT',
  lang: 'JP',
  email: 'visitor@example.jp',
  companyName: 'Visitor Co.',
  data: [],
  mode: null,
  createdAt: PAID_AT,
};

const LANGUAGES: TUiLanguage[] = ['ja', 'en', 'cn', 'kr'];

async function render() {
  const out: Record<string, unknown> = {};
  for (const lang of LANGUAGES) {
    out[`billsCsv.${lang}`] = toCsv(billsCsvRows([bill], lang));
    out[`usersCsv.${lang}`] = usersCsv([user], lang);
    out[`submissionsCsv.${lang}`] = submissionsCsv([submission], lang);
    const url = 'https://console.example/login';
    out[`mailInvoice.${lang}`] = translate('billing.mailInvoiceBody', lang, {
      ...billMailFacts(bill, lang),
      url,
    });
    out[`mailFailed.${lang}`] = translate('billing.mailFailedBody', lang, {
      ...billMailFacts(bill, lang, new Date(RETRY_AT)),
      reason: '-',
      url,
    });
    out[`console.${lang}`] = [
      formatShortDate(bill.issuedAt, lang),
      formatDate(bill.issuedAt, lang),
      formatDate(bill.dueDate, lang),
      formatDateTime(bill.paidAt, lang),
      formatMonth(bill.month, lang),
      formatYen(bill.total, lang),
    ];
  }
  out.todayJst = todayJst(new Date(ISSUED_AT));
  // The invoice of the bill, dated the day it was issued in Japan, read back as text.
  for (const language of ['ja', 'en'] as const) {
    const pdf = await renderInvoicePdf({
      language,
      issuer: { name: 'Swipe LP Inc.', address: 'Tokyo', registrationNumber: 'T1234567890123' },
      recipient: { name: bill.accountName },
      number: bill.number,
      invoiceDate: jstDay(bill.issuedAt),
      dueDate: bill.dueDate,
      month: bill.month,
      lines: [{ label: 'Plan', amount: bill.subtotal }],
      subtotal: bill.subtotal,
      tax: bill.tax,
      total: bill.total,
      bank: {
        name: 'Mizuho',
        branch: 'Shibuya',
        accountType: 'ORDINARY',
        accountNumber: '1234567',
        holder: 'Swipe',
      },
      notes: '',
    });
    out[`invoicePdf.${language}`] = (await pdfText(pdf)).replace(/\s+/g, '');
  }
  return out;
}

process.stdout.write(
  JSON.stringify({ zone: process.env.TZ, localDay: new Date(ISSUED_AT).getDate(), ...(await render()) }),
);
