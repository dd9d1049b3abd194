import { describe, expect, it } from 'vitest';
import type { TDb } from '../db/client';
import { cleanSubject, createMailer, isPlainAddress, renderMailHtml } from './mail';
import { passwordResetMail } from './mail-templates';

describe('mail rendering', () => {
  it('escapes text and turns links into anchors', () => {
    const html = renderMailHtml(['Hi <b>Bob</b> & co', 'https://x.test/reset-password?token=abc']);
    expect(html).toContain('Hi &lt;b&gt;Bob&lt;/b&gt; &amp; co');
    expect(html).toContain('<a href="https://x.test/reset-password?token=abc">');
  });
  it('has every template in the four languages, with the link', () => {
    for (const lang of ['en', 'ja', 'cn', 'kr'] as const) {
      const m = passwordResetMail[lang]({ name: 'N', link: 'https://l.test/x', minutes: 60 });
      expect(m.subject.length).toBeGreaterThan(3);
      expect(m.lines).toContain('https://l.test/x');
    }
  });
});

describe('mail headers', () => {
  /** A database that only records what is inserted (the mail row, then its job). */
  function recordingMailer() {
    const inserted: Record<string, unknown>[] = [];
    const chain = (values: Record<string, unknown>) => {
      inserted.push(values);
      const returning = async () => [{ id: String(inserted.length) }];
      return { returning, onConflictDoNothing: () => ({ returning }) };
    };
    const db = { insert: () => ({ values: chain }) } as unknown as TDb;
    return { mailer: createMailer({ db, from: 'x@example.com' }), inserted };
  }

  it('strips line breaks and other control characters from the subject', async () => {
    expect(cleanSubject('Welcome\r\nBcc: evil@example.com')).toBe('Welcome Bcc: evil@example.com');
    expect(cleanSubject('A\u0000B\tC\u2028D')).toBe('A B C D');
    const { mailer, inserted } = recordingMailer();
    await mailer.send({
      to: 'ann@example.com',
      language: 'en',
      subject: 'Site\r\nBcc: evil@example.com\nX: y',
      lines: ['hi'],
    });
    const subject = String(inserted[0]!.subject);
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).toBe('Site Bcc: evil@example.com X: y');
  });

  it('refuses a recipient that is not one plain address, and writes nothing', async () => {
    const { mailer, inserted } = recordingMailer();
    for (const to of [
      'ann@example.com\r\nBcc: evil@example.com',
      'ann@example.com\nBcc: evil@example.com',
      'ann@example.com, evil@example.com',
      'Ann <ann@example.com>',
      '<ann@example.com>',
      'ann@example.com;evil@example.com',
      'ann@example.com\u0000',
      'ann @example.com',
      'not-an-address',
      '',
    ]) {
      expect(isPlainAddress(to), to).toBe(false);
      await expect(mailer.send({ to, language: 'en', subject: 'S', lines: [] }), to).rejects.toThrow();
    }
    expect(inserted).toHaveLength(0);
    expect(isPlainAddress('ann.o+tag@mail.example.co.jp')).toBe(true);
    await mailer.send({ to: 'ann@example.com', language: 'en', subject: 'S', lines: [] });
    expect(inserted[0]!.to).toBe('ann@example.com');
  });
});
