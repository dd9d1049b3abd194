import { describe, expect, it } from 'vitest';
import { renderMailHtml } from './mail';
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
