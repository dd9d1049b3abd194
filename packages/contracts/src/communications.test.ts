import { describe, expect, it } from 'vitest';
import {
  isPushServiceEndpoint,
  isScheduled,
  NOTICE_CONTENT_MAX,
  noticeStatus,
  ZNewsInput,
  zDeliveryInput,
  zSystemNotificationInput,
} from './communications';

const now = new Date('2026-11-25T03:00:00Z');
const clock = () => now;
const base = {
  title: 'Autumn sale',
  content: 'Everything 20 % off until Sunday.',
  postedDate: '2026-11-25',
};
const site = '5f0c6a3e-1b2c-4d5e-8f90-123456789abc';
const firstMessage = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('noticeStatus (draft, unpublished, published, expired)', () => {
  const at = (iso: string) => new Date(iso);
  it('keeps a draft a draft and a withdrawn item unpublished, whatever the dates', () => {
    expect(noticeStatus({ state: 'DRAFT', visibleFrom: null, endAt: null }, now)).toBe('DRAFT');
    expect(
      noticeStatus({ state: 'UNPUBLISHED', visibleFrom: '2026-11-01T00:00:00Z', endAt: null }, now),
    ).toBe('UNPUBLISHED');
  });
  it('shows a published item from its start, up to (not including) its end', () => {
    const n = {
      state: 'PUBLISHED' as const,
      visibleFrom: '2026-11-25T03:00:00Z',
      endAt: '2026-11-26T00:00:00Z',
    };
    expect(noticeStatus(n, at('2026-11-25T02:59:59.999Z'))).toBe('UNPUBLISHED');
    expect(isScheduled(n, at('2026-11-25T02:59:59.999Z'))).toBe(true);
    expect(noticeStatus(n, at('2026-11-25T03:00:00Z'))).toBe('PUBLISHED');
    expect(isScheduled(n, at('2026-11-25T03:00:00Z'))).toBe(false);
    expect(noticeStatus(n, at('2026-11-25T23:59:59.999Z'))).toBe('PUBLISHED');
    expect(noticeStatus(n, at('2026-11-26T00:00:00Z'))).toBe('EXPIRED');
  });
  it('keeps a published item without an end', () => {
    expect(noticeStatus({ state: 'PUBLISHED', visibleFrom: '2020-01-01T00:00:00Z', endAt: null }, now)).toBe(
      'PUBLISHED',
    );
  });
});

describe('the fields (content length, dates, link)', () => {
  it('takes 120 characters of content and refuses 121, in any script', () => {
    for (const ch of ['a', 'あ', '가']) {
      expect(
        ZNewsInput.safeParse({ ...base, siteIds: [site], content: ch.repeat(NOTICE_CONTENT_MAX) }).success,
      ).toBe(true);
      const r = ZNewsInput.safeParse({
        ...base,
        siteIds: [site],
        content: ch.repeat(NOTICE_CONTENT_MAX + 1),
      });
      expect(firstMessage(r)).toEqual(['content: common.tooLong']);
    }
  });
  it('requires a title, content, a distribution site and a valid link', () => {
    const r = ZNewsInput.safeParse({
      ...base,
      title: ' ',
      content: '',
      siteIds: [],
      linkUrl: 'javascript:alert(1)',
    });
    expect(firstMessage(r)).toEqual(
      expect.arrayContaining([
        'title: common.required',
        'content: common.required',
        'siteIds: communications.sitesRequired',
        expect.stringMatching(/^linkUrl: /),
      ]),
    );
    expect(ZNewsInput.safeParse({ ...base, siteIds: [site], linkUrl: 'https://example.com/a' }).success).toBe(
      true,
    );
  });
  it('needs the start of a scheduled item and an end after it', () => {
    const d = zDeliveryInput(clock);
    expect(firstMessage(d.safeParse({ ...base, publication: 'SCHEDULED' }))).toEqual([
      'startAt: common.required',
    ]);
    expect(
      firstMessage(
        d.safeParse({
          ...base,
          publication: 'SCHEDULED',
          startAt: '2026-11-26T00:00:00+09:00',
          endAt: '2026-11-25T00:00:00+09:00',
        }),
      ),
    ).toEqual(['endAt: sites.endBeforeStart']);
  });
  it('refuses to publish an item whose end has passed, but keeps it as a draft', () => {
    const d = zDeliveryInput(clock);
    const past = { ...base, endAt: '2026-11-24T00:00:00Z' };
    expect(firstMessage(d.safeParse({ ...past, state: 'PUBLISHED' }))).toEqual(['endAt: sites.endInPast']);
    expect(d.safeParse({ ...past, state: 'DRAFT' }).success).toBe(true);
  });
  it('needs an audience for a system notification', () => {
    const s = zSystemNotificationInput(clock);
    const { postedDate: _, ...fields } = base;
    expect(firstMessage(s.safeParse({ ...fields, audiences: [] }))).toEqual([
      'audiences: communications.audienceRequired',
    ]);
    expect(s.safeParse({ ...fields, audiences: ['OEM_ADMIN'] }).success).toBe(true);
  });
});

describe('push subscriptions', () => {
  it('take only https endpoints of the known push services', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QG-abc',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ])
      expect(isPushServiceEndpoint(ok), ok).toBe(true);
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://notfcm.googleapis.com.attacker.test/x',
      'https://fcm.googleapis.com:444/x',
      'https://a:b@fcm.googleapis.com/x',
      'not a url',
    ])
      expect(isPushServiceEndpoint(bad), bad).toBe(false);
  });
});
