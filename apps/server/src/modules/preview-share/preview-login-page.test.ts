import { describe, expect, it } from 'vitest';
import { renderPreviewLoginPage } from './preview-login-page';

const siteId = '0b7c2a52-5d1e-4a39-9c43-8f4f8f0f2a11';

describe('renderPreviewLoginPage', () => {
  it('is a self-contained form posting to the preview sign-in, without any script', () => {
    const html = renderPreviewLoginPage({ siteId, uiLang: 'en', needsPassword: true });
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain(`<form method="post" action="/site/${siteId}/preview/login">`);
    expect(html).toContain('name="email"');
    expect(html).toContain('name="password"');
    expect(html).not.toMatch(/<script|\son\w+=|<link|\ssrc=/i);
  });

  it('asks only what the sharing needs', () => {
    const emailOnly = renderPreviewLoginPage({ siteId, uiLang: 'ja', needsPassword: false });
    expect(emailOnly).toContain('name="email"');
    expect(emailOnly).not.toContain('name="password"');
    const passwordOnly = renderPreviewLoginPage({
      siteId,
      uiLang: 'kr',
      needsPassword: true,
      needsEmail: false,
    });
    expect(passwordOnly).not.toContain('name="email"');
    expect(passwordOnly).toContain('name="password"');
    expect(passwordOnly).toContain('<html lang="ko">');
  });

  it('speaks the four UI languages', () => {
    const titles = (['ja', 'en', 'cn', 'kr'] as const).map(
      (uiLang) =>
        /<h1>(.*?)<\/h1>/.exec(renderPreviewLoginPage({ siteId, uiLang, needsPassword: false }))![1],
    );
    expect(new Set(titles).size).toBe(4);
    expect(renderPreviewLoginPage({ siteId, uiLang: 'cn', needsPassword: false })).toContain('lang="zh"');
  });

  it('escapes the error and the email it shows again, and focuses the field still to fill', () => {
    const html = renderPreviewLoginPage({
      siteId,
      uiLang: 'en',
      needsPassword: true,
      error: '<b>wrong</b>',
      email: '"><img src=x onerror=alert(1)>',
    });
    expect(html).toContain('<div class="er" role="alert">&lt;b&gt;wrong&lt;/b&gt;</div>');
    expect(html).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).not.toContain('<img');
    expect(html).toMatch(/name="password"[^>]*autofocus/);
    expect(html).not.toMatch(/name="email"[^>]*autofocus/);
  });
});
