import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The same rendering in processes whose time zone is UTC, Los Angeles (UTC-7/-8) and Tokyo must
// print the same Japan-time dates: a bill issued at 00:00 JST on 1 November 2026 (15:00 UTC on
// 31 October) is dated 1 November in its CSV row, its invoice PDF, its mails and on the console's
// screens. Each zone is a child process started with TZ set, as a server or browser in that zone
// would be (time-zone-render.ts prints what it renders).

const run = promisify(execFile);

async function renderIn(zone: string): Promise<Record<string, string | string[] | number>> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/test/time-zone-render.ts'],
    {
      env: { ...process.env, TZ: zone },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout);
}

describe('dates people read', { timeout: 120_000 }, () => {
  it('are the same Japan-time dates whatever the time zone of the process', async () => {
    const [utc, la, tokyo] = await Promise.all(['UTC', 'America/Los_Angeles', 'Asia/Tokyo'].map(renderIn));
    // The zones did apply: the bill's instant falls on 31 October in UTC and Los Angeles.
    expect([utc!.localDay, la!.localDay, tokyo!.localDay]).toEqual([31, 31, 1]);
    const { zone: _u, localDay: _ud, ...fromUtc } = utc!;
    const { zone: _l, localDay: _ld, ...fromLa } = la!;
    const { zone: _t, localDay: _td, ...fromTokyo } = tokyo!;
    expect(fromLa).toEqual(fromTokyo);
    expect(fromUtc).toEqual(fromTokyo);

    const out = fromTokyo as Record<string, string & string[]>;
    // Bills CSV: issued 2026/11/01 00:00, due 2026/11/30, paid 2026/12/01 00:30 (Y/m/d in Japan).
    const billRow = out['billsCsv.ja']!.split('\r\n')[1]!;
    expect(billRow).toContain(',2026/11/01 00:00,2026/11/30,2026/12/01 00:30');
    expect(billRow).toMatch(/^INV-202610-0001,Hinode Trading,2026\/10,Standard,/);
    expect(out['billsCsv.en']!.split('\r\n')[1]).toContain(',2026/11/01 00:00,2026/11/30,2026/12/01 00:30');
    expect(out['usersCsv.ja']!).toContain(',2026/11/01 00:00');
    expect(out['submissionsCsv.en']!.split('\r\n')[1]).toMatch(/^2026\/12\/01 00:30,/);

    // The invoice PDF is dated the day of issue in Japan, in its language.
    expect(out['invoicePdf.ja']).toContain('2026年11月1日');
    expect(out['invoicePdf.ja']).toContain('2026年11月30日');
    expect(out['invoicePdf.ja']).toContain('¥112,579');
    expect(out['invoicePdf.en']).toContain('November1,2026');

    // The mails: the month, the total with separators and the dates as the invoice writes them.
    expect(out['mailInvoice.ja']).toContain('2026年10月分のご請求書（INV-202610-0001）');
    expect(out['mailInvoice.ja']).toContain('¥112,579');
    expect(out['mailInvoice.ja']).toContain('2026年11月30日');
    expect(out['mailInvoice.en']).toContain('October 2026');
    expect(out['mailInvoice.en']).toContain('¥112,579 including tax, due on November 30, 2026');
    expect(out['mailFailed.en']).toContain('We will try again on November 5, 2026.');
    expect(out['mailFailed.kr']).toContain('2026년 11월 5일에');

    // The console's screens.
    expect(out['console.ja']).toEqual([
      '2026/11/01',
      '2026年11月1日',
      '2026年11月30日',
      '2026年12月1日 00:30',
      '2026年10月',
      '¥112,579',
    ]);
    expect(out['console.en']).toEqual([
      '11/01/2026',
      'Nov 1, 2026',
      'Nov 30, 2026',
      'Dec 1, 2026, 12:30 AM',
      'October 2026',
      '¥112,579',
    ]);
    expect(out.todayJst).toBe('2026-11-01');
  });
});
