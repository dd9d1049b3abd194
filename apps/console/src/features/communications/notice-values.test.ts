import { zDeliveryInput, zNewsInput } from '@swipe/contracts/communications';
import { describe, expect, it } from 'vitest';
import {
  contentCount,
  deliveryBody,
  deliveryPaths,
  deliveryTime,
  emptyNotice,
  formActions,
  instantOfJstPicker,
  isUuid,
  jstPickerValue,
  newsBody,
  newsPaths,
  noticeApiQuery,
  noticeDisplay,
  noticeListQuery,
  siteSelectData,
  valuesOf,
} from './notice-values';

const SITE = '0b6b7c1e-2a51-4f0e-9c3e-6f1f4f3f2a10';
const NOW = new Date('2026-05-01T03:00:00Z');

describe('JST wall time of the pickers', () => {
  it('shows an instant as Japan time and reads it back', () => {
    expect(jstPickerValue('2026-04-30T15:30:00.000Z')).toBe('2026-05-01 00:30:00');
    expect(instantOfJstPicker('2026-05-01 00:30:00')).toBe('2026-04-30T15:30:00.000Z');
    expect(instantOfJstPicker('2026-05-01 09:00')).toBe('2026-05-01T00:00:00.000Z');
    const iso = '2026-12-31T20:05:00.000Z';
    expect(instantOfJstPicker(jstPickerValue(iso))).toBe(iso);
  });

  it('has nothing for nothing or nonsense', () => {
    expect(jstPickerValue(null)).toBeNull();
    expect(jstPickerValue('not a date')).toBeNull();
    expect(instantOfJstPicker(null)).toBeNull();
    expect(instantOfJstPicker('')).toBeNull();
    expect(instantOfJstPicker('tomorrow')).toBeNull();
  });

  it('gives instants the contract accepts', () => {
    const body = {
      ...deliveryBody(
        {
          ...emptyNotice('2026-05-01'),
          title: 'T',
          content: 'C',
          publication: 'SCHEDULED',
          startAt: instantOfJstPicker('2026-05-02 10:00:00'),
          endAt: instantOfJstPicker('2026-05-03 10:00:00'),
        },
        'PUBLISHED',
      ),
    };
    expect(zDeliveryInput(() => NOW).safeParse(body).error).toBeUndefined();
  });
});

describe('the body sent', () => {
  const values = {
    ...emptyNotice('2026-05-01'),
    title: '  Spring sale  ',
    content: ' Up to 30% off \n',
    linkUrl: ' https://example.com/sale ',
    startAt: '2026-05-02T01:00:00.000Z',
    endAt: '2026-05-09T01:00:00.000Z',
    siteIds: [SITE],
    languages: ['JP' as const],
  };

  it('takes the state of the button pressed and drops the start of an immediate item', () => {
    const body = deliveryBody(values, 'PUBLISHED');
    expect(body).toMatchObject({
      title: 'Spring sale',
      content: 'Up to 30% off',
      linkUrl: 'https://example.com/sale',
      state: 'PUBLISHED',
      publication: 'IMMEDIATE',
      startAt: null,
      endAt: '2026-05-09T01:00:00.000Z',
      languages: ['JP'],
    });
    expect(body).not.toHaveProperty('siteIds');
    expect(deliveryBody({ ...values, publication: 'SCHEDULED' }, 'DRAFT').startAt).toBe(
      '2026-05-02T01:00:00.000Z',
    );
  });

  it('adds the sites for news, and the contract checks it as the server would', () => {
    const body = newsBody(values, 'DRAFT');
    expect(body.siteIds).toEqual([SITE]);
    const schema = zNewsInput(() => NOW);
    expect(schema.safeParse(body).success).toBe(true);
    const noSites = schema.safeParse(newsBody({ ...values, siteIds: [] }, 'DRAFT'));
    expect(noSites.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['siteIds', 'communications.sitesRequired'],
    ]);
    // A scheduled item needs its start; an end in the past only matters when publishing.
    const past = {
      ...values,
      publication: 'SCHEDULED' as const,
      startAt: null,
      endAt: '2026-04-01T00:00:00Z',
    };
    const issues = (state: 'DRAFT' | 'PUBLISHED') =>
      schema.safeParse(newsBody(past, state)).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues('DRAFT')).toEqual([['startAt', 'common.required']]);
    expect(issues('PUBLISHED')).toEqual([
      ['startAt', 'common.required'],
      ['endAt', 'sites.endInPast'],
    ]);
  });

  it('reads a saved item back into the form', () => {
    const saved = { ...values, state: 'UNPUBLISHED' as const, image: null };
    expect(valuesOf(saved)).toEqual(saved);
    expect(valuesOf({ ...saved, siteIds: undefined }).siteIds).toEqual([]);
  });

  it('counts the content as the contract does', () => {
    expect(contentCount('  hello  ')).toBe(5);
    expect(contentCount('')).toBe(0);
  });
});

describe('status shown', () => {
  const item = { state: 'PUBLISHED' as const, visibleFrom: '2026-04-30T00:00:00Z', endAt: null };
  it('derives the status and says when a published item starts later', () => {
    expect(noticeDisplay(item, NOW)).toEqual({ status: 'PUBLISHED', scheduledFrom: null });
    expect(noticeDisplay({ ...item, visibleFrom: '2026-05-02T00:00:00Z' }, NOW)).toEqual({
      status: 'UNPUBLISHED',
      scheduledFrom: '2026-05-02T00:00:00Z',
    });
    expect(noticeDisplay({ ...item, endAt: '2026-05-01T02:59:59Z' }, NOW).status).toBe('EXPIRED');
    expect(noticeDisplay({ ...item, state: 'DRAFT' }, NOW)).toEqual({ status: 'DRAFT', scheduledFrom: null });
  });

  it('says when a delivery goes out', () => {
    const d = { deliveredAt: null, publication: 'IMMEDIATE' as const, startAt: null, visibleFrom: null };
    expect(deliveryTime(d)).toEqual({ kind: 'onPublish' });
    expect(deliveryTime({ ...d, visibleFrom: 'V' })).toEqual({ kind: 'at', iso: 'V' });
    expect(deliveryTime({ ...d, publication: 'SCHEDULED', startAt: 'S', visibleFrom: 'V' })).toEqual({
      kind: 'at',
      iso: 'S',
    });
    expect(deliveryTime({ ...d, deliveredAt: 'D', startAt: 'S' })).toEqual({ kind: 'delivered', iso: 'D' });
  });
});

describe('buttons of the form', () => {
  const of = (s: Parameters<typeof formActions>[0]) => formActions(s).map((a) => `${a.label}:${a.state}`);
  it('offers draft and publish, then for a published item unpublish and save', () => {
    expect(of(null)).toEqual(['saveDraft:DRAFT', 'publish:PUBLISHED']);
    expect(of('DRAFT')).toEqual(['saveDraft:DRAFT', 'publish:PUBLISHED']);
    expect(of('PUBLISHED')).toEqual(['unpublish:UNPUBLISHED', 'saveChanges:PUBLISHED']);
    expect(of('UNPUBLISHED')).toEqual(['saveDraft:DRAFT', 'save:UNPUBLISHED', 'publish:PUBLISHED']);
    for (const s of [null, 'DRAFT', 'PUBLISHED', 'UNPUBLISHED'] as const)
      expect(formActions(s).filter((a) => a.primary)).toHaveLength(1);
  });
});

describe('the list query', () => {
  it('reads the address, sends the search under its API name and leaves defaults out', () => {
    const q = noticeListQuery.parse(new URLSearchParams('status=DRAFT&keyword=sale&page=2&size=50'));
    expect(q).toEqual({ status: 'DRAFT', keyword: 'sale', page: 2, pageSize: 50 });
    expect(noticeApiQuery(q)).toEqual({ status: 'DRAFT', search: 'sale', page: 2, pageSize: 50 });
    const d = noticeListQuery.parse(new URLSearchParams('status=BOGUS'));
    expect(d).toEqual({ status: 'ALL', keyword: undefined, page: 1, pageSize: 20 });
    expect(noticeApiQuery(d).search).toBe('');
    expect(noticeListQuery.toParams(d).toString()).toBe('');
    expect(noticeListQuery.filterKeys).toEqual(['status', 'keyword']);
  });
});

describe('sites to choose', () => {
  const a = { id: 'a', name: 'Alpha', accountName: 'Acme' };
  const b = { id: 'b', name: 'Beta', accountName: 'Acme' };
  const c = { id: 'c', name: 'Gamma', accountName: 'Globex' };
  it('lists one account flat, several grouped, and keeps chosen sites no longer offered', () => {
    expect(siteSelectData([a, b], [], 'Other')).toEqual([
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Beta' },
    ]);
    expect(siteSelectData([a, c], [{ id: 'z', name: 'Gone' }, a], 'Other')).toEqual([
      { group: 'Acme', items: [{ value: 'a', label: 'Alpha' }] },
      { group: 'Globex', items: [{ value: 'c', label: 'Gamma' }] },
      { group: 'Other', items: [{ value: 'z', label: 'Gone' }] },
    ]);
    expect(siteSelectData([], [{ id: 'z', name: 'Gone' }], 'Other')).toEqual([{ value: 'z', label: 'Gone' }]);
  });
});

describe('addresses', () => {
  it('builds the list, create, detail and edit addresses', () => {
    const news = newsPaths('admin');
    expect([news.list, news.create, news.detail('n1'), news.edit('n1')]).toEqual([
      '/admin/latest-information',
      '/admin/latest-information/create',
      '/admin/latest-information/n1',
      '/admin/latest-information/edit/n1',
    ]);
    const d = deliveryPaths('admin-user', SITE);
    expect([d.list, d.create, d.detail('x'), d.edit('x')]).toEqual([
      `/admin-user/notification-delivery/${SITE}`,
      `/admin-user/notification-delivery/${SITE}/create`,
      `/admin-user/notification-delivery/${SITE}/detail/x`,
      `/admin-user/notification-delivery/${SITE}/edit/x`,
    ]);
    expect(isUuid(SITE)).toBe(true);
    expect(isUuid('create')).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});
