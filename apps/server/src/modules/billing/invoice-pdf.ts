import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { formatLongDate, formatMonth, formatYen } from '@swipe/contracts/jst-format';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

// The invoice of a bill as a PDF: a Japanese qualified invoice (適格請求書) in JPY, with its labels in
// one of the four UI languages. Fonts: Noto Sans CJK (SIL OFL 1.1) from the @embedpdf/fonts-* packages,
// one per script (JP, Simplified Chinese, Korean); each string is split into runs by the first font of
// the language's chain that has the glyph, so Japanese names and addresses render in every language.
// pdfkit embeds only the glyphs used (CFF subsets), so an invoice stays a few tens of KB.

export type TInvoiceDocument = {
  /** Labels in this language; amounts are always JPY. */
  language: 'ja' | 'en' | 'cn' | 'kr';
  issuer: { name: string; address: string /** 'T' + 13 digits */; registrationNumber: string };
  /** Company name, printed with 御中 in ja. */
  recipient: { name: string };
  number: string;
  /** 'YYYY-MM-DD' */
  invoiceDate: string;
  /** 'YYYY-MM-DD' */
  dueDate: string;
  /** 'YYYY-MM', the billed month. */
  month: string;
  /** One per fee, yen excluding tax. */
  lines: { label: string; detail?: string; amount: number }[];
  subtotal: number;
  /** At 10 %, computed by the caller. */
  tax: number;
  total: number;
  /** The account a bank transfer goes to (the billing settings require every field). */
  bank: TInvoiceBank;
  /** Multi-line free text. */
  notes: string;
  /** Prints a visible TEST MODE mark. */
  testMode?: boolean;
};

export type TInvoiceBank = {
  name: string;
  branch: string;
  accountType: 'ORDINARY' | 'CHECKING' | 'SAVINGS';
  accountNumber: string;
  holder: string;
};

type TLanguage = TInvoiceDocument['language'];

type TLabels = {
  title: string;
  number: string;
  invoiceDate: string;
  dueDate: string;
  subject: string;
  billTo: string;
  honorific: string;
  intro: string;
  registration: string;
  amountDue: string;
  item: string;
  detail: string;
  amount: string;
  subtotal: string;
  tax: string;
  total: string;
  breakdown: string;
  taxable10: string;
  taxAmount: string;
  bank: string;
  /** Bank, branch, account type, account number, account holder. */
  bankFields: [string, string, string, string, string];
  accountTypes: Record<TInvoiceBank['accountType'], string>;
  notes: string;
  page: (n: number, of: number) => string;
  /** The subject naming the billed month, written by formatMonth. */
  subjectOf: (month: string) => string;
};

const LABELS: Record<TLanguage, TLabels> = {
  ja: {
    title: '請求書',
    number: '請求書番号',
    invoiceDate: '請求日',
    dueDate: 'お支払期限',
    subject: '件名',
    billTo: '',
    honorific: '御中',
    intro: '下記の通りご請求申し上げます。',
    registration: '登録番号',
    amountDue: 'ご請求金額（税込）',
    item: '品目',
    detail: '内容',
    amount: '金額（税抜）',
    subtotal: '小計',
    tax: '消費税（10%）',
    total: '合計',
    breakdown: '税率別内訳',
    taxable10: '10%対象',
    taxAmount: '消費税',
    bank: 'お振込先',
    bankFields: ['金融機関', '支店', '口座種別', '口座番号', '口座名義'],
    accountTypes: { ORDINARY: '普通', CHECKING: '当座', SAVINGS: '貯蓄' },
    notes: '備考',
    page: (n, of) => `${n} / ${of}`,
    subjectOf: (month) => `${month}分ご請求書`,
  },
  en: {
    title: 'INVOICE',
    number: 'Invoice No.',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    subject: 'Subject',
    billTo: 'Bill to',
    honorific: '',
    intro: 'We hereby invoice you as follows.',
    registration: 'Registration No.',
    amountDue: 'Amount due (incl. tax)',
    item: 'Item',
    detail: 'Details',
    amount: 'Amount (excl. tax)',
    subtotal: 'Subtotal',
    tax: 'Consumption tax (10%)',
    total: 'Total',
    breakdown: 'Tax breakdown',
    taxable10: 'Taxable at 10%',
    taxAmount: 'Tax',
    bank: 'Bank details',
    bankFields: ['Bank', 'Branch', 'Account type', 'Account number', 'Account holder'],
    accountTypes: {
      ORDINARY: 'Ordinary (futsū)',
      CHECKING: 'Checking (tōza)',
      SAVINGS: 'Savings (chochiku)',
    },
    notes: 'Notes',
    page: (n, of) => `Page ${n} of ${of}`,
    subjectOf: (month) => `Invoice for ${month}`,
  },
  cn: {
    title: '请款单',
    number: '请款单编号',
    invoiceDate: '开具日期',
    dueDate: '付款期限',
    subject: '主题',
    billTo: '致',
    honorific: '',
    intro: '兹就下列项目向贵司请款。',
    registration: '登记号码',
    amountDue: '请款金额（含税）',
    item: '项目',
    detail: '明细',
    amount: '金额（不含税）',
    subtotal: '小计',
    tax: '消费税（10%）',
    total: '合计',
    breakdown: '按税率明细',
    taxable10: '10%税率对象',
    taxAmount: '消费税',
    bank: '汇款信息',
    bankFields: ['银行', '支行', '账户类型', '账号', '户名'],
    accountTypes: { ORDINARY: '普通存款', CHECKING: '支票存款（当座）', SAVINGS: '储蓄存款' },
    notes: '备注',
    page: (n, of) => `第 ${n} 页，共 ${of} 页`,
    subjectOf: (month) => `${month}份请款单`,
  },
  kr: {
    title: '청구서',
    number: '청구서 번호',
    invoiceDate: '청구일',
    dueDate: '지급 기한',
    subject: '제목',
    billTo: '',
    honorific: '귀중',
    intro: '아래와 같이 청구합니다.',
    registration: '등록번호',
    amountDue: '청구 금액 (세금 포함)',
    item: '항목',
    detail: '내역',
    amount: '금액 (세전)',
    subtotal: '소계',
    tax: '소비세 (10%)',
    total: '합계',
    breakdown: '세율별 내역',
    taxable10: '10% 대상',
    taxAmount: '소비세',
    bank: '입금 계좌',
    bankFields: ['은행', '지점', '계좌 종류', '계좌번호', '예금주'],
    accountTypes: { ORDINARY: '보통예금', CHECKING: '당좌예금', SAVINGS: '저축예금' },
    notes: '비고',
    page: (n, of) => `${n} / ${of}`,
    subjectOf: (month) => `${month}분 청구서`,
  },
};

const PDF_LANG: Record<TLanguage, string> = { ja: 'ja-JP', en: 'en-US', cn: 'zh-CN', kr: 'ko-KR' };
const TEST_MODE_MARK = 'TEST MODE / テストモード';

// ---------------------------------------------------------------------------------------------
// Fonts: read and parsed by fontkit once per process; every document embeds (subsets) the parsed
// font objects, which pdfkit accepts as they are: parsing a CJK font per document would cost more
// than the rest of the rendering.

type TScript = 'jp' | 'sc' | 'kr';
type TWeight = 'regular' | 'bold';
type TFontKey = `${TScript}-${TWeight}`;

const FONT_FILES: Record<TScript, { pkg: string; regular: string; bold: string }> = {
  jp: { pkg: '@embedpdf/fonts-jp', regular: 'NotoSansJP-Regular.otf', bold: 'NotoSansJP-Bold.otf' },
  sc: { pkg: '@embedpdf/fonts-sc', regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' },
  kr: { pkg: '@embedpdf/fonts-kr', regular: 'NotoSansKR-Regular.otf', bold: 'NotoSansKR-Bold.otf' },
};

/** The scripts tried for each character, first match wins. */
const FONT_CHAIN: Record<TLanguage, TScript[]> = {
  ja: ['jp', 'sc', 'kr'],
  en: ['jp', 'sc', 'kr'],
  cn: ['sc', 'jp', 'kr'],
  kr: ['kr', 'jp', 'sc'],
};

const require = createRequire(import.meta.url);
const loadedFonts = new Map<TFontKey, fontkit.Font>();

function loadFont(key: TFontKey): fontkit.Font {
  let loaded = loadedFonts.get(key);
  if (!loaded) {
    const [script, weight] = key.split('-') as [TScript, TWeight];
    const files = FONT_FILES[script];
    // The packages export only their index (dist/index.*); the fonts sit in ../fonts beside it.
    const file = path.join(path.dirname(require.resolve(files.pkg)), '..', 'fonts', files[weight]);
    const font = fontkit.create(fs.readFileSync(file));
    if (!('layout' in font)) throw new Error(`${file} is a font collection`);
    loaded = font;
    loadedFonts.set(key, loaded);
  }
  return loaded;
}

// ---------------------------------------------------------------------------------------------
// Formatting

// Amounts, dates and months as every screen, mail and CSV writes them (jst-format.ts): ¥12,345
// (negative: -¥1,000); 2026年11月1日 / November 1, 2026; 2026年10月 / October 2026.
export { formatYen };

const formatDate = (language: TLanguage, date: string) => formatLongDate(date, language);

/** The subject naming the billed month: "2026年10月分ご請求書" / "Invoice for October 2026". */
export function invoiceSubject(language: TLanguage, month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const labels = LABELS[language] ?? LABELS.ja;
  return m && Number(m[2]) >= 1 && Number(m[2]) <= 12
    ? labels.subjectOf(formatMonth(month, language))
    : `${labels.subject}: ${month}`;
}

// ---------------------------------------------------------------------------------------------
// Layout

const PAGE_W = 595.28; // A4 in points
const PAGE_H = 841.89;
const MARGIN = 48;
const CONTENT_W = PAGE_W - 2 * MARGIN;
const BOTTOM = PAGE_H - 64; // leave room for the footer

const INK = '#1f2933';
const MUTED = '#6b7280';
const ACCENT = '#1e3a5f';
const RULE = '#d5d9e0';
const SHADE = '#f3f5f8';
const RED = '#c62828';

type TTextStyle = { size: number; bold?: boolean; color?: string; characterSpacing?: number };
type TRun = { key: TFontKey; text: string };

class InvoiceWriter {
  readonly pdf: PDFKit.PDFDocument;
  private readonly chain: TScript[];
  private readonly registered = new Set<TFontKey>();
  y = MARGIN;

  constructor(pdf: PDFKit.PDFDocument, language: TLanguage) {
    this.pdf = pdf;
    this.chain = FONT_CHAIN[language];
  }

  private useFont(key: TFontKey, style: TTextStyle) {
    if (!this.registered.has(key)) {
      // pdfkit takes a parsed fontkit font as a source too (its types know only bytes and paths).
      this.pdf.registerFont(key, loadFont(key) as unknown as Buffer);
      this.registered.add(key);
    }
    this.pdf.font(key).fontSize(style.size);
  }

  /** Splits text into runs, each in the first font of the chain that has its characters. */
  runs(text: string, bold = false): TRun[] {
    const weight: TWeight = bold ? 'bold' : 'regular';
    const primary: TFontKey = `${this.chain[0]!}-${weight}`;
    const out: TRun[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const last = out[out.length - 1];
      let key: TFontKey = primary;
      if (/\s/.test(ch) && last) key = last.key;
      else {
        for (const script of this.chain) {
          const candidate: TFontKey = `${script}-${weight}`;
          if (loadFont(candidate).hasGlyphForCodePoint(cp)) {
            key = candidate;
            break;
          }
        }
      }
      if (last && last.key === key) last.text += ch;
      else out.push({ key, text: ch });
    }
    return out;
  }

  width(text: string, style: TTextStyle): number {
    let w = 0;
    for (const run of this.runs(text, style.bold)) {
      this.useFont(run.key, style);
      w += this.pdf.widthOfString(run.text, { characterSpacing: style.characterSpacing ?? 0 });
    }
    return w;
  }

  /** One line of text (no wrapping) with its top at y; align within [x, x + width]. */
  line(
    text: string,
    x: number,
    y: number,
    style: TTextStyle,
    opts: { align?: 'left' | 'right' | 'center'; width?: number } = {},
  ): number {
    const w = this.width(text, style);
    let cx = x;
    if (opts.align === 'right') cx = x + (opts.width ?? 0) - w;
    else if (opts.align === 'center') cx = x + ((opts.width ?? 0) - w) / 2;
    this.pdf.fillColor(style.color ?? INK);
    for (const run of this.runs(text, style.bold)) {
      this.useFont(run.key, style);
      const cs = style.characterSpacing ?? 0;
      this.pdf.text(run.text, cx, y, { lineBreak: false, characterSpacing: cs });
      cx += this.pdf.widthOfString(run.text, { characterSpacing: cs });
    }
    return w;
  }

  /** Wraps text (hard line breaks kept) to the width: words for Latin, characters for CJK. */
  wrap(text: string, width: number, style: TTextStyle): string[] {
    const lines: string[] = [];
    for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
      const tokens =
        paragraph.match(/[^\s\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]+|\s+|./gu) ?? [];
      let current = '';
      for (const token of tokens) {
        const candidate = current + token;
        if (current === '' || this.width(candidate.trimEnd(), style) <= width) {
          current = current === '' ? token.trimStart() : candidate;
          continue;
        }
        // Closing punctuation never starts a line (kinsoku): let it hang.
        if (/^[、。，．,.)）」』】！？!?：:；;ー〜]$/.test(token)) {
          current = candidate;
          continue;
        }
        lines.push(current.trimEnd());
        current = token.trimStart();
        // A single token wider than the line (a long URL, an account number) breaks by character.
        while (current.length > 1 && this.width(current, style) > width) {
          let cut = current.length - 1;
          while (cut > 1 && this.width(current.slice(0, cut), style) > width) cut--;
          lines.push(current.slice(0, cut));
          current = current.slice(cut);
        }
      }
      lines.push(current.trimEnd());
    }
    return lines;
  }

  /** Wrapped text with its top at y; returns the height used. */
  paragraph(text: string, x: number, y: number, width: number, style: TTextStyle, leading = 1.55): number {
    const lines = this.wrap(text, width, style);
    lines.forEach((l, i) => {
      if (l) this.line(l, x, y + i * style.size * leading, style);
    });
    return lines.length * style.size * leading;
  }

  /** Starts a new page when the next block of height h would not fit. */
  ensure(h: number) {
    if (this.y + h > BOTTOM) {
      this.pdf.addPage();
      this.y = MARGIN;
    }
  }
}

/** Test mode: a red banner across the top edge of each page (drawn first)… */
function drawTestModeBanner(w: InvoiceWriter) {
  w.pdf.rect(0, 0, PAGE_W, 22).fill(RED);
  w.line(
    TEST_MODE_MARK,
    0,
    5,
    { size: 9.5, bold: true, color: '#ffffff' },
    { align: 'center', width: PAGE_W },
  );
}

/** …and a faint diagonal watermark over the content (drawn last, so no box hides it). */
function drawTestModeWatermark(w: InvoiceWriter) {
  const { pdf } = w;
  pdf.save();
  pdf.translate(PAGE_W / 2, PAGE_H / 2).rotate(-35);
  pdf.fillOpacity(0.07);
  w.line('TEST MODE', -260, -40, { size: 90, bold: true, color: RED }, { align: 'center', width: 520 });
  pdf.restore();
}

function sectionHeading(w: InvoiceWriter, text: string) {
  w.pdf.rect(MARGIN, w.y + 1, 3, 13).fill(ACCENT);
  w.line(text, MARGIN + 10, w.y, { size: 10.5, bold: true, color: ACCENT });
  w.y += 20;
}

/** The account to transfer to, one labelled row per field, kept on one page. */
function bankBox(w: InvoiceWriter, t: TLabels, bank: TInvoiceBank) {
  const style = { size: 9.5 };
  const rowH = style.size * 1.7;
  const labelW = 110;
  const rows: [string, string][] = [
    [t.bankFields[0], bank.name],
    [t.bankFields[1], bank.branch],
    [t.bankFields[2], t.accountTypes[bank.accountType] ?? bank.accountType],
    [t.bankFields[3], bank.accountNumber],
    [t.bankFields[4], bank.holder],
  ];
  const h = rows.length * rowH + 16;
  w.ensure(20 + h + 20);
  sectionHeading(w, t.bank);
  w.pdf.roundedRect(MARGIN, w.y, CONTENT_W, h, 4).fillAndStroke(SHADE, RULE);
  rows.forEach(([label, value], i) => {
    const y = w.y + 8 + i * rowH;
    w.line(label, MARGIN + 14, y, { ...style, color: MUTED });
    w.line(value, MARGIN + 14 + labelW, y, { ...style, bold: i === 3 });
  });
  w.y += h + 22;
}

function freeTextBox(w: InvoiceWriter, heading: string, text: string) {
  const style = { size: 9.5 };
  const lines = w.wrap(text.trim(), CONTENT_W - 28, style);
  const lineH = style.size * 1.6;
  // Keep the heading with at least the first lines of the box.
  w.ensure(20 + Math.min(lines.length, 3) * lineH + 20);
  sectionHeading(w, heading);
  let i = 0;
  while (i < lines.length) {
    const room = Math.max(1, Math.floor((BOTTOM - w.y - 20) / lineH));
    const chunk = lines.slice(i, i + room);
    const h = chunk.length * lineH + 18;
    w.pdf.roundedRect(MARGIN, w.y, CONTENT_W, h, 4).fillAndStroke(SHADE, RULE);
    chunk.forEach((l, j) => {
      if (l) w.line(l, MARGIN + 14, w.y + 9 + j * lineH, style);
    });
    w.y += h;
    i += chunk.length;
    if (i < lines.length) {
      w.pdf.addPage();
      w.y = MARGIN;
    }
  }
  if (lines.length === 0) w.y += 4;
  w.y += 22;
}

/** Renders the invoice as an A4 PDF. Fonts are cached per process; output is deterministic. */
export async function renderInvoicePdf(doc: TInvoiceDocument): Promise<Buffer> {
  const language: TLanguage = doc.language in LABELS ? doc.language : 'ja';
  const t = LABELS[language];
  const subject = invoiceSubject(language, doc.month);
  const created = /^\d{4}-\d{2}-\d{2}$/.test(doc.invoiceDate)
    ? new Date(`${doc.invoiceDate}T00:00:00+09:00`)
    : new Date(0);

  const pdf = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    lang: PDF_LANG[language],
    displayTitle: true,
    info: {
      Title: doc.number,
      Author: doc.issuer.name,
      Subject: subject,
      Creator: doc.issuer.name,
      Producer: 'PDFKit',
      CreationDate: created,
      ModDate: created,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const w = new InvoiceWriter(pdf, language);
  const right = MARGIN + CONTENT_W;
  if (doc.testMode) {
    drawTestModeBanner(w);
    pdf.on('pageAdded', () => drawTestModeBanner(w));
  }

  // ---- Header: title, and the number and dates on the right.
  if (!doc.testMode) pdf.rect(0, 0, PAGE_W, 6).fill(ACCENT);
  w.y = 50;
  w.line(t.title, MARGIN, w.y, { size: 26, bold: true, color: ACCENT });
  if (language !== 'en')
    w.line('INVOICE', MARGIN + 1, w.y + 38, { size: 8.5, color: MUTED, characterSpacing: 3 });

  const metaX = 330;
  const metaW = right - metaX;
  const meta: [string, string][] = [
    [t.number, doc.number],
    [t.invoiceDate, formatDate(language, doc.invoiceDate)],
  ];
  let my = w.y + 2;
  for (const [label, value] of meta) {
    w.line(label, metaX, my, { size: 9, color: MUTED });
    w.line(value, metaX, my, { size: 9.5, bold: label === t.number }, { align: 'right', width: metaW });
    my += 17;
    pdf
      .moveTo(metaX, my - 3)
      .lineTo(right, my - 3)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  // ---- Recipient (left) and issuer (right).
  w.y = 125;
  const leftW = 260;
  let ly = w.y;
  if (t.billTo) {
    w.line(t.billTo, MARGIN, ly, { size: 8.5, color: MUTED });
    ly += 14;
  }
  const recipientStyle = { size: 14, bold: true };
  const recipientText = t.honorific ? `${doc.recipient.name}　${t.honorific}` : doc.recipient.name;
  const recipientLines = w.wrap(recipientText, leftW, recipientStyle);
  for (const l of recipientLines) {
    w.line(l, MARGIN, ly, recipientStyle);
    ly += 21;
  }
  pdf
    .moveTo(MARGIN, ly + 1)
    .lineTo(MARGIN + leftW, ly + 1)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  ly += 12;
  w.line(t.intro, MARGIN, ly, { size: 9, color: MUTED });
  ly += 20;
  const subjectLabel = language === 'ja' || language === 'cn' ? `${t.subject}：` : `${t.subject}: `;
  w.line(subjectLabel, MARGIN, ly, { size: 9.5, color: MUTED });
  const subjectLabelW = w.width(subjectLabel, { size: 9.5 });
  w.line(subject, MARGIN + subjectLabelW + 2, ly, { size: 10.5, bold: true });
  ly += 24;

  const issuerX = metaX;
  let iy = w.y;
  const issuerName = w.wrap(doc.issuer.name, metaW, { size: 11.5, bold: true });
  for (const l of issuerName) {
    w.line(l, issuerX, iy, { size: 11.5, bold: true });
    iy += 17;
  }
  iy += 2;
  iy += w.paragraph(doc.issuer.address, issuerX, iy, metaW, { size: 9, color: INK }, 1.5);
  iy += 3;
  w.line(`${t.registration}  ${doc.issuer.registrationNumber}`, issuerX, iy, { size: 9, color: INK });
  iy += 16;

  // ---- Amount due, and the due date beside it.
  w.y = Math.max(ly, iy) + 6;
  const boxH = 56;
  pdf.roundedRect(MARGIN, w.y, CONTENT_W, boxH, 4).fill(SHADE);
  pdf.rect(MARGIN, w.y, 4, boxH).fill(ACCENT);
  w.line(t.amountDue, MARGIN + 18, w.y + 10, { size: 9, color: MUTED });
  w.line(formatYen(doc.total), MARGIN + 18, w.y + 23, { size: 20, bold: true, color: ACCENT });
  w.line(t.dueDate, metaX, w.y + 10, { size: 9, color: MUTED });
  w.line(formatDate(language, doc.dueDate), metaX, w.y + 26, { size: 13, bold: true });
  w.y += boxH + 26;

  // ---- Lines.
  const cols = { item: MARGIN + 10, detail: MARGIN + 175, amountRight: right - 10 };
  const itemW = cols.detail - cols.item - 12;
  const detailW = 170;
  const headerH = 24;
  const drawHeader = () => {
    pdf.rect(MARGIN, w.y, CONTENT_W, headerH).fill(ACCENT);
    const hs = { size: 9, bold: true, color: '#ffffff' };
    w.line(t.item, cols.item, w.y + 7, hs);
    w.line(t.detail, cols.detail, w.y + 7, hs);
    w.line(t.amount, cols.item, w.y + 7, hs, { align: 'right', width: cols.amountRight - cols.item });
    w.y += headerH;
  };
  w.ensure(headerH + 30);
  drawHeader();
  const rowStyle = { size: 9.5 };
  const rowLine = 14;
  doc.lines.forEach((item, index) => {
    const labelLines = w.wrap(item.label, itemW, rowStyle);
    const detailLines = item.detail ? w.wrap(item.detail, detailW, { size: 8.5 }) : [];
    const h = Math.max(labelLines.length * rowLine, detailLines.length * 13) + 16;
    if (w.y + h > BOTTOM) {
      pdf.addPage();
      w.y = MARGIN;
      drawHeader();
    }
    if (index % 2 === 1) pdf.rect(MARGIN, w.y, CONTENT_W, h).fill('#fafbfc');
    labelLines.forEach((l, i) => {
      w.line(l, cols.item, w.y + 8 + i * rowLine, rowStyle);
    });
    detailLines.forEach((l, i) => {
      w.line(l, cols.detail, w.y + 9 + i * 13, { size: 8.5, color: MUTED });
    });
    w.line(formatYen(item.amount), cols.item, w.y + 8, rowStyle, {
      align: 'right',
      width: cols.amountRight - cols.item,
    });
    w.y += h;
    pdf.moveTo(MARGIN, w.y).lineTo(right, w.y).lineWidth(0.5).strokeColor(RULE).stroke();
  });

  // ---- Totals (right) and the per-rate breakdown the qualified invoice needs (left).
  const totalsH = 100;
  w.ensure(totalsH + 10);
  w.y += 12;
  const totalsX = 315;
  const totalsW = right - totalsX;
  const row = (label: string, value: string, y: number) => {
    w.line(label, totalsX + 10, y, { size: 9.5, color: MUTED });
    w.line(value, totalsX, y, { size: 10 }, { align: 'right', width: totalsW - 10 });
  };
  row(t.subtotal, formatYen(doc.subtotal), w.y);
  pdf
    .moveTo(totalsX, w.y + 18)
    .lineTo(right, w.y + 18)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  row(t.tax, formatYen(doc.tax), w.y + 24);
  const totalY = w.y + 48;
  pdf.rect(totalsX, totalY, totalsW, 32).fill(ACCENT);
  w.line(t.total, totalsX + 10, totalY + 9, { size: 11, bold: true, color: '#ffffff' });
  w.line(
    formatYen(doc.total),
    totalsX,
    totalY + 6,
    { size: 15, bold: true, color: '#ffffff' },
    {
      align: 'right',
      width: totalsW - 10,
    },
  );

  const bx = MARGIN;
  const bw = 240;
  pdf
    .roundedRect(bx, w.y - 2, bw, 58, 4)
    .lineWidth(0.5)
    .stroke(RULE);
  w.line(t.breakdown, bx + 12, w.y + 7, { size: 8.5, bold: true, color: MUTED });
  w.line(t.taxable10, bx + 12, w.y + 23, { size: 8.5, color: MUTED });
  w.line(formatYen(doc.subtotal), bx, w.y + 23, { size: 8.5 }, { align: 'right', width: bw - 12 });
  w.line(t.taxAmount, bx + 12, w.y + 37, { size: 8.5, color: MUTED });
  w.line(formatYen(doc.tax), bx, w.y + 37, { size: 8.5 }, { align: 'right', width: bw - 12 });
  w.y = totalY + 32 + 28;

  // ---- Bank details and notes.
  if (doc.bank.name.trim()) bankBox(w, t, doc.bank);
  if (doc.notes.trim()) freeTextBox(w, t.notes, doc.notes);

  // ---- Per page: the test-mode watermark and the footer.
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    if (doc.testMode) drawTestModeWatermark(w);
    pdf
      .moveTo(MARGIN, PAGE_H - 44)
      .lineTo(right, PAGE_H - 44)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    const fs8 = { size: 7.5, color: MUTED };
    w.line(
      `${doc.issuer.name}　${t.registration} ${doc.issuer.registrationNumber}`,
      MARGIN,
      PAGE_H - 36,
      fs8,
    );
    w.line(`${doc.number}  ·  ${t.page(i - range.start + 1, range.count)}`, MARGIN, PAGE_H - 36, fs8, {
      align: 'right',
      width: CONTENT_W,
    });
  }
  pdf.end();
  return done;
}
