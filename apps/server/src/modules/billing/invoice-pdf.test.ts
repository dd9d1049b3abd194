import { describe, expect, it } from 'vitest';
import { formatYen, invoiceSubject, renderInvoicePdf, type TInvoiceDocument } from './invoice-pdf';
import { pdfInfo, pdfText } from './pdf-text';

const base: TInvoiceDocument = {
  language: 'ja',
  issuer: {
    name: '株式会社スワイプLP',
    address: '〒150-0002\n東京都渋谷区渋谷二丁目21番1号 渋谷ヒカリエ 34階',
    registrationNumber: 'T1234567890123',
  },
  recipient: { name: '株式会社サンプル商事' },
  number: 'INV-202610-000123',
  invoiceDate: '2026-11-01',
  dueDate: '2026-11-30',
  month: '2026-10',
  lines: [
    { label: 'スタンダードプラン 月額料金', detail: '2026年10月1日〜10月31日', amount: 30_000 },
    { label: 'PV従量料金', detail: '超過 12,345 PV × ¥1', amount: 12_345 },
    { label: 'ライセンス料', detail: '追加ユーザー 3名', amount: 9_000 },
    { label: '初期クリエイティブ制作費', amount: 50_000 },
  ],
  subtotal: 101_345,
  tax: 10_134,
  total: 111_479,
  bank: {
    name: '三菱UFJ銀行',
    branch: '渋谷支店（店番 135）',
    accountType: 'ORDINARY',
    accountNumber: '1234567',
    holder: 'カ）スワイプエルピー',
  },
  notes: 'お振込手数料は貴社にてご負担ください。\nご不明な点は billing@example.jp までお問い合わせください。',
};

/** The text with the spaces the extraction puts between items removed, for phrase matching. */
const squash = (text: string) => text.replace(/\s+/g, '');

// The first render of each script reads and parses its fonts (seconds on a loaded machine).
describe('invoice PDF', { timeout: 30_000 }, () => {
  it('formats yen and names the billed month', () => {
    expect(formatYen(12_345)).toBe('¥12,345');
    expect(formatYen(0)).toBe('¥0');
    expect(formatYen(-1_000)).toBe('-¥1,000');
    expect(invoiceSubject('ja', '2026-10')).toBe('2026年10月分ご請求書');
    expect(invoiceSubject('en', '2026-10')).toBe('Invoice for October 2026');
    expect(invoiceSubject('kr', '2026-01')).toBe('2026년 1월분 청구서');
    expect(invoiceSubject('cn', '2026-12')).toBe('2026年12月份请款单');
  });

  it('renders a Japanese qualified invoice whose text reads back', async () => {
    const pdf = await renderInvoicePdf(base);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(200_000);

    const text = await pdfText(pdf);
    const flat = squash(text);
    expect(flat).toContain('請求書');
    expect(flat).toContain('登録番号T1234567890123');
    expect(text).toContain('INV-202610-000123');
    expect(flat).toContain('株式会社サンプル商事御中');
    expect(flat).toContain('2026年10月分ご請求書');
    expect(flat).toContain('2026年11月1日');
    expect(flat).toContain('2026年11月30日');
    for (const amount of ['¥30,000', '¥12,345', '¥9,000', '¥50,000']) expect(text).toContain(amount);
    expect(flat).toContain('小計¥101,345');
    expect(flat).toContain('消費税（10%）¥10,134');
    expect(flat).toContain('合計¥111,479');
    expect(flat).toContain('10%対象¥101,345');
    // The account to transfer to, field by field.
    for (const row of [
      'お振込先',
      '金融機関三菱UFJ銀行',
      '支店渋谷支店（店番135）',
      '口座種別普通',
      '口座番号1234567',
      '口座名義カ）スワイプエルピー',
    ])
      expect(flat).toContain(row);
    expect(flat).toContain('billing@example.jp');
    expect(text).not.toContain('TEST MODE');

    const { info, pages } = await pdfInfo(pdf);
    expect(pages).toBe(1);
    expect(info.Title).toBe('INV-202610-000123');
    expect(info.Author).toBe('株式会社スワイプLP');
  });

  it('renders the same bytes for the same invoice', async () => {
    const [a, b] = await Promise.all([renderInvoicePdf(base), renderInvoicePdf(base)]);
    expect(a.equals(b)).toBe(true);
  });

  it('prints the test-mode mark', async () => {
    const text = await pdfText(await renderInvoicePdf({ ...base, testMode: true }));
    expect(text).toContain('TEST MODE / テストモード');
  });

  it('labels in English, Simplified Chinese and Korean (names stay Japanese)', async () => {
    const en = squash(await pdfText(await renderInvoicePdf({ ...base, language: 'en' })));
    expect(en).toContain('INVOICE');
    expect(en).toContain('InvoiceforOctober2026');
    expect(en).toContain('RegistrationNo.T1234567890123');
    expect(en).toContain('Total¥111,479');
    expect(en).toContain('November30,2026');
    expect(en).toContain('AccounttypeOrdinary(futsū)');
    expect(en).toContain('Accountnumber1234567');

    const cn = squash(await pdfText(await renderInvoicePdf({ ...base, language: 'cn' })));
    expect(cn).toContain('请款单');
    expect(cn).toContain('2026年10月份请款单');
    expect(cn).toContain('合计¥111,479');
    expect(cn).toContain('株式会社サンプル商事');

    const kr = squash(await pdfText(await renderInvoicePdf({ ...base, language: 'kr' })));
    expect(kr).toContain('청구서');
    expect(kr).toContain('2026년10월분청구서');
    expect(kr).toContain('합계¥111,479');
    expect(kr).toContain('株式会社サンプル商事귀중');
    expect(kr).toContain('東京都渋谷区');
  });

  it('flows a long invoice onto more pages', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      label: `追加クリエイティブ制作 ${i + 1}`,
      detail: 'スワイプLP 1本（画像10枚・動画1本）',
      amount: 10_000,
    }));
    const notes = Array.from(
      { length: 30 },
      (_, i) => `備考の行 ${i + 1}：お支払いは期日までにお願いします。`,
    ).join('\n');
    const pdf = await renderInvoicePdf({
      ...base,
      lines,
      notes,
      subtotal: 400_000,
      tax: 40_000,
      total: 440_000,
    });
    const text = await pdfText(pdf);
    const pages = text.split('\f');
    expect(pages.length).toBeGreaterThan(1);
    expect(squash(text)).toContain('追加クリエイティブ制作40');
    expect(squash(text)).toContain('備考の行30');
    expect(squash(pages.at(-1)!)).toContain(`${pages.length}/${pages.length}`);
  });

  it('renders warm (fonts already parsed) in under a second: the fastest of five renders', async () => {
    await renderInvoicePdf(base);
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      size = (await renderInvoicePdf(base)).length;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `invoice PDF: warm render median ${times[2]!.toFixed(1)} ms (min ${times[0]!.toFixed(1)}, max ${times[4]!.toFixed(1)}), ${size} bytes`,
    );
    // The fastest, as the machine's load slows the others: 55 to 410 ms while journeys and a bench
    // shared its two cores; with the parsed fonts not kept (each glyph lookup parsing its font
    // again) the fastest took 77 s.
    expect(times[0]!).toBeLessThan(1000);
  });
});
