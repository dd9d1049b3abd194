import zlib from 'node:zlib';
import { emptyLanguageContent, ZSiteDocument } from '@swipe/contracts/sites';
import { describe, expect, it } from 'vitest';
import { renderSitePage } from '../render/site-page';
import { buildRuntime } from './bundle';
import { errorText, pinLabel, pinsOf, pointIn, type TWireComment, upsert } from './comments-model';
import { COMMENT_TEXTS, commentTexts } from './comments-texts';

// Review comments on a shared preview: the overlay's pure parts, its texts, its script's size,
// and that only an invited email's preview asks for it (never a published page).

const comment = (over: Partial<TWireComment> = {}): TWireComment => ({
  id: '11111111-1111-4111-8111-111111111111',
  lang: 'JP',
  page: 'A1',
  x: 500,
  y: 250,
  number: 1,
  body: 'The price looks wrong',
  author: { kind: 'INVITEE', name: 'ann@example.com' },
  created_at: '2026-01-05T10:00:00.000Z',
  resolved_at: null,
  replies: [],
  ...over,
});

describe('where a click falls on a page', () => {
  const rect = { left: 100, top: 50, width: 400, height: 800 };

  it('is in thousandths of the page from its top left corner, rounded', () => {
    expect(pointIn(rect, 100, 50)).toEqual({ x: 0, y: 0 });
    expect(pointIn(rect, 300, 450)).toEqual({ x: 500, y: 500 });
    expect(pointIn(rect, 500, 850)).toEqual({ x: 1000, y: 1000 });
    expect(pointIn(rect, 101, 51)).toEqual({ x: 3, y: 1 });
  });

  it('stays on the page (a click on its edge or just past it) and needs a page with a size', () => {
    expect(pointIn(rect, 90, 900)).toEqual({ x: 0, y: 1000 });
    expect(pointIn({ ...rect, width: 0 }, 100, 50)).toBeNull();
  });
});

describe('the pins a page shows', () => {
  const list = [
    comment({ id: 'c', number: 3 }),
    comment({ id: 'a', number: 1, resolved_at: '2026-01-06T00:00:00.000Z' }),
    comment({ id: 'b', number: 2, lang: 'EN' }),
    comment({ id: 'd', number: 4 }),
  ];

  it("are the language's open threads, by number; resolved ones only when asked", () => {
    expect(pinsOf(list, 'JP', false).map((c) => c.number)).toEqual([3, 4]);
    expect(pinsOf(list, 'JP', true).map((c) => c.number)).toEqual([1, 3, 4]);
    expect(pinsOf(list, 'EN', false).map((c) => c.number)).toEqual([2]);
  });

  it('take an answered thread in place of its older copy, or as a new one', () => {
    const replied = comment({ id: 'c', number: 3, replies: [], body: 'changed' });
    expect(upsert(list, replied).find((c) => c.id === 'c')?.body).toBe('changed');
    expect(upsert(list, replied)).toHaveLength(4);
    expect(upsert(list, comment({ id: 'e', number: 5 }))).toHaveLength(5);
  });

  it('are named by number, author, the first words and whether resolved', () => {
    const t = COMMENT_TEXTS.EN;
    expect(pinLabel(t, comment())).toBe('Comment 1: ann@example.com: The price looks wrong');
    const long = comment({ number: 7, body: 'x'.repeat(80), resolved_at: '2026-01-06T00:00:00.000Z' });
    expect(pinLabel(t, long)).toBe(`Comment 7 (Resolved): ann@example.com: ${'x'.repeat(60)}…`);
    expect(pinLabel(COMMENT_TEXTS.JP, comment())).toMatch(/^コメント 1: /);
  });
});

describe('what a refused call says', () => {
  const t = COMMENT_TEXTS.EN;
  it("shows the server's field errors and message, sign in again on a 401, else could not send", () => {
    expect(
      errorText(t, 400, { message: 'Required.', errors: [{ field: 'body', message: 'Required.' }] }),
    ).toBe('Required.');
    expect(
      errorText(t, 400, { message: 'Check the form.', errors: [{ field: 'x', message: 'Too big.' }] }),
    ).toBe('Check the form. Too big.');
    expect(errorText(t, 403, { code: 'FORBIDDEN', message: 'Comments are for people invited.' })).toBe(
      'Comments are for people invited.',
    );
    expect(errorText(t, 401, { code: 'UNAUTHENTICATED', message: 'x' })).toBe(t.signedOut);
    expect(errorText(t, 502, null)).toBe(t.failed);
  });
});

describe('the texts of the overlay', () => {
  it('say every line in each site language, and a thread by its number', () => {
    const keys = Object.keys(COMMENT_TEXTS.EN).sort();
    expect(Object.keys(COMMENT_TEXTS).sort()).toEqual(['CN', 'EN', 'JP', 'KR']);
    for (const texts of Object.values(COMMENT_TEXTS)) {
      expect(Object.keys(texts).sort()).toEqual(keys);
      for (const value of Object.values(texts)) expect(value.trim()).not.toBe('');
      expect(texts.comment).toContain('{n}');
    }
    // The languages differ (no copied English left behind).
    expect(new Set(Object.values(COMMENT_TEXTS).map((x) => x.hint)).size).toBe(4);
    expect(commentTexts('KR')).toBe(COMMENT_TEXTS.KR);
    expect(commentTexts(undefined)).toBe(COMMENT_TEXTS.JP);
    expect(commentTexts('XX')).toBe(COMMENT_TEXTS.JP);
  });
});

describe('the comments script', () => {
  it('is a script of its own, named by its content, small, and not part of the published runtime', async () => {
    const comments = await buildRuntime('comments');
    expect(comments.fileName).toMatch(/^comments\.[0-9a-f]{8}\.js$/);
    expect(zlib.gzipSync(comments.code, { level: 9 }).length).toBeLessThanOrEqual(8 * 1024);
    const runtime = await buildRuntime();
    expect(runtime.code).not.toContain('cm-pin');
    expect(runtime.code).not.toContain('/preview/comments');
  });

  it('is on the preview that asks for it only', () => {
    const doc = ZSiteDocument.parse({
      name: 'Autumn',
      numberVertical: 1,
      numberHorizontal: 2,
      languages: ['JP'],
      content: { JP: emptyLanguageContent(1, 2) },
    });
    const input = {
      siteId: '22222222-2222-4222-8222-222222222222',
      doc,
      lang: 'JP' as const,
      media: {},
      basePath: '/site/22222222-2222-4222-8222-222222222222/preview',
      origin: 'https://lp.example.com',
      runtimeUrl: '/sites/_runtime/runtime.abcd1234.js',
      eventsUrl: null,
    };
    const url = '/sites/_runtime/comments.abcd1234.js';
    expect(renderSitePage({ ...input, mode: 'PREVIEW', commentsUrl: url }).html).toContain(
      `<script src="${url}" defer=""></script>`,
    );
    expect(renderSitePage({ ...input, mode: 'PREVIEW' }).html).not.toContain('comments.');
    // Never on a published page, even if asked.
    expect(renderSitePage({ ...input, mode: 'PUBLIC', commentsUrl: url }).html).not.toContain(url);
    expect(renderSitePage({ ...input, mode: 'MEMBER', commentsUrl: url }).html).not.toContain(url);
  });
});
