import { describe, expect, it } from 'vitest';
import { renderPreviewLoginPage } from './preview-login-page';

const siteId = '0b7c2a52-5d1e-4a39-9c43-8f4f8f0f2a11';
const base = `/site/${siteId}/preview`;

describe('renderPreviewLoginPage', () => {
  it('asks private sharing for the email, posted to the code request, without any script', () => {
    const html = renderPreviewLoginPage({
      siteId,
      uiLang: 'en',
      step: { kind: 'email' },
      needsPassword: true,
    });
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain(`<form method="post" action="${base}/code">`);
    expect(html).toMatch(/<label for="e">Email address<\/label><input id="e" name="email" type="email"/);
    // The password comes with the code, not before.
    expect(html).not.toContain('name="password"');
    expect(html).not.toMatch(/<script|\son\w+=|<link|\ssrc=/i);
  });

  it('asks for the code (a one-time code field) and the password when one is set', () => {
    const html = renderPreviewLoginPage({
      siteId,
      uiLang: 'en',
      step: { kind: 'code', email: 'ann@example.com' },
      needsPassword: true,
      notice: 'A code is on its way.',
    });
    expect(html).toContain(`<form method="post" action="${base}/login">`);
    expect(html).toContain('<input type="hidden" name="email" value="ann@example.com">');
    expect(html).toMatch(
      /<label for="c">[^<]+<\/label><input id="c" name="code" type="text" required inputmode="numeric" autocomplete="one-time-code" pattern="\[0-9\]\{6\}" maxlength="6" autofocus>/,
    );
    expect(html).toContain('name="password"');
    expect(html).toContain('<p class="st" role="status">A code is on its way.</p>');
    // A new code, or another email.
    expect(html).toContain(`<form method="post" action="${base}/code">`);
    expect(html).toContain(`<a href="${base}/">`);
    const noPassword = renderPreviewLoginPage({
      siteId,
      uiLang: 'ja',
      step: { kind: 'code', email: 'ann@example.com' },
      needsPassword: false,
    });
    expect(noPassword).not.toContain('name="password"');
  });

  it("asks open sharing's password only, and the mailed link's page a press (and the password)", () => {
    const passwordOnly = renderPreviewLoginPage({
      siteId,
      uiLang: 'kr',
      step: { kind: 'password' },
      needsPassword: true,
    });
    expect(passwordOnly).not.toContain('name="email"');
    expect(passwordOnly).toContain('name="password"');
    expect(passwordOnly).toContain(`action="${base}/login"`);
    expect(passwordOnly).toContain('<html lang="ko">');
    const link = renderPreviewLoginPage({
      siteId,
      uiLang: 'en',
      step: { kind: 'link', link: 'abc' },
      needsPassword: false,
    });
    expect(link).toContain('<input type="hidden" name="link" value="abc">');
    expect(link).not.toContain('name="password"');
    expect(link).not.toContain('name="code"');
  });

  it('speaks the four UI languages', () => {
    const intros = (['ja', 'en', 'cn', 'kr'] as const).map(
      (uiLang) =>
        /<\/h1><p>(.*?)<\/p>/.exec(
          renderPreviewLoginPage({ siteId, uiLang, step: { kind: 'email' }, needsPassword: false }),
        )![1],
    );
    expect(new Set(intros).size).toBe(4);
    expect(
      renderPreviewLoginPage({ siteId, uiLang: 'cn', step: { kind: 'email' }, needsPassword: false }),
    ).toContain('lang="zh"');
  });

  it('shows each error under its field, escaped, and focuses the first field in error', () => {
    const html = renderPreviewLoginPage({
      siteId,
      uiLang: 'en',
      step: { kind: 'code', email: '"><img src=x onerror=alert(1)>' },
      needsPassword: true,
      fieldErrors: { password: '<b>wrong</b>' },
    });
    expect(html).toContain(
      'name="password" type="password" required autocomplete="current-password" maxlength="50" aria-invalid="true" aria-describedby="p-er" autofocus><p class="fe" id="p-er">&lt;b&gt;wrong&lt;/b&gt;</p>',
    );
    expect(html).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/name="code"[^>]*autofocus/);
    const whole = renderPreviewLoginPage({
      siteId,
      uiLang: 'en',
      step: { kind: 'email' },
      needsPassword: false,
      error: 'Too many attempts.',
      email: 'ann@example.com',
    });
    expect(whole).toContain('<div class="er" role="alert">Too many attempts.</div>');
    expect(whole).toContain('value="ann@example.com"');
    // An error about a field the page does not show goes above the form.
    const stray = renderPreviewLoginPage({
      siteId,
      uiLang: 'en',
      step: { kind: 'email' },
      needsPassword: false,
      fieldErrors: { code: 'Enter the code.' },
    });
    expect(stray).toContain('<div class="er" role="alert">Enter the code.</div>');
  });
});
