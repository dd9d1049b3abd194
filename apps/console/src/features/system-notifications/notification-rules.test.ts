import { type TSystemNotification, ZSystemNotificationInput } from '@swipe/contracts/communications';
import { describe, expect, it } from 'vitest';
import {
  bellCount,
  draftOf,
  emptyDraft,
  inputOf,
  managesNotifications,
  shownFrom,
  unpublishedInput,
  withRead,
} from './notification-rules';

const ID_A = '6f0c1c3e-1b7a-4b5e-9a55-2f1f4f0d8a01';
const ID_B = '6f0c1c3e-1b7a-4b5e-9a55-2f1f4f0d8a02';
const ASSET = '0d3c9a8e-53a2-4a8b-8f3c-3c1b8e0e2f10';

const saved = (over: Partial<TSystemNotification> = {}): TSystemNotification => ({
  id: ID_A,
  title: 'Maintenance',
  linkUrl: 'https://example.com/maintenance',
  content: 'The console is down on Sunday night.',
  image: { assetId: ASSET, kind: 'IMAGE' },
  publication: 'SCHEDULED',
  startAt: '2026-05-01T01:00:00.000Z',
  endAt: '2026-05-10T01:00:00.000Z',
  state: 'PUBLISHED',
  audiences: ['OEM_ADMIN', 'USER'],
  read: false,
  readCount: 3,
  status: 'PUBLISHED',
  scheduled: false,
  visibleFrom: '2026-05-01T01:00:00.000Z',
  imageUrl: 'https://cdn.example.com/a.png',
  author: { id: 'u1', name: 'Master' },
  createdAt: '2026-04-20T00:00:00.000Z',
  updatedAt: '2026-04-21T00:00:00.000Z',
  ...over,
});

describe('who manages system notifications', () => {
  it('is MASTER alone; the other roles receive them', () => {
    expect(managesNotifications('MASTER')).toBe(true);
    for (const role of ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'] as const)
      expect(managesNotifications(role)).toBe(false);
  });
});

describe('the form draft and what a save sends', () => {
  it('starts as an empty draft the contract refuses until filled in', () => {
    const result = ZSystemNotificationInput.safeParse(emptyDraft());
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['audiences', 'content', 'title']);
  });

  it('reads a saved notification back into the form', () => {
    const draft = draftOf(saved());
    expect(draft).toEqual({
      title: 'Maintenance',
      linkUrl: 'https://example.com/maintenance',
      content: 'The console is down on Sunday night.',
      image: { assetId: ASSET, kind: 'IMAGE' },
      publication: 'SCHEDULED',
      startAt: '2026-05-01T01:00:00.000Z',
      endAt: '2026-05-10T01:00:00.000Z',
      state: 'PUBLISHED',
      audiences: ['OEM_ADMIN', 'USER'],
    });
    // A copy: editing the draft leaves the cached notification alone.
    draft.audiences.push('OEM_MASTER');
    expect(saved().audiences).toEqual(['OEM_ADMIN', 'USER']);
  });

  it('forgets the start of an immediate notification (it starts when published)', () => {
    expect(draftOf(saved({ publication: 'IMMEDIATE' })).startAt).toBeNull();
    const input = inputOf({ ...draftOf(saved()), publication: 'IMMEDIATE' }, 'PUBLISHED');
    expect(input.startAt).toBeNull();
    expect(input.endAt).toBe('2026-05-10T01:00:00.000Z');
  });

  it('sends the state of the button pressed, trimmed texts, and passes the contract', () => {
    const input = inputOf(
      { ...emptyDraft(), title: '  Hello ', content: ' Body\n', linkUrl: ' ', audiences: ['OEM_ADMIN'] },
      'PUBLISHED',
    );
    expect(input).toMatchObject({ title: 'Hello', content: 'Body', linkUrl: '', state: 'PUBLISHED' });
    expect(ZSystemNotificationInput.safeParse(input).success).toBe(true);
  });

  it('unpublishes a notification as it is saved', () => {
    expect(unpublishedInput(saved())).toEqual({ ...draftOf(saved()), state: 'UNPUBLISHED' });
  });

  it('keeps the contract rule of a scheduled notification without a start', () => {
    const input = inputOf(
      { ...emptyDraft(), title: 'T', content: 'C', audiences: ['USER'], publication: 'SCHEDULED' },
      'DRAFT',
    );
    const result = ZSystemNotificationInput.safeParse(input);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['startAt']);
  });
});

describe("the bell's count", () => {
  it('shows nothing at zero, the number, then 99+', () => {
    expect(bellCount(0)).toBeNull();
    expect(bellCount(-1)).toBeNull();
    expect(bellCount(1)).toBe('1');
    expect(bellCount(99)).toBe('99');
    expect(bellCount(100)).toBe('99+');
  });

  it('marks what was read and takes the count the server answered', () => {
    const show = { items: [saved(), saved({ id: ID_B })], unread: 2 };
    const next = withRead(show, [ID_A], 1);
    expect(next.unread).toBe(1);
    expect(next.items.map((n) => n.read)).toEqual([true, false]);
    // The answer it came from is left as it was (the query cache compares them).
    expect(show.items[0]?.read).toBe(false);
    expect(withRead(show, [ID_A], -3).unread).toBe(0);
  });
});

describe('when a notification shows from', () => {
  it('is its start (or first publication), else its creation', () => {
    expect(shownFrom(saved())).toBe('2026-05-01T01:00:00.000Z');
    expect(shownFrom(saved({ visibleFrom: null }))).toBe('2026-05-01T01:00:00.000Z');
    expect(shownFrom(saved({ visibleFrom: null, startAt: null }))).toBe('2026-04-20T00:00:00.000Z');
  });
});
