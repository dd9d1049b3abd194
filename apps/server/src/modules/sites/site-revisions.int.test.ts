import { keysToSnake } from '@swipe/contracts/case';
import { REVISIONS_KEPT } from '@swipe/contracts/site-api';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { siteRevisions } from '../../db/schema/sites';
import type { TTestApp } from '../../test/harness';
import { startTestApp } from '../../test/harness';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { siteDocument } from './site-fixtures';
import { recordRevision } from './site-revisions';

// The draft's revision history: every save records its document, autosaves of one author share an
// entry, any kept revision can be restored as a new draft revision, and the autosave answers lean.

let t: TTestApp;
let call: TSignedInCall;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
});
afterAll(async () => t?.close());

const wire = (doc: TSiteDocument) => keysToSnake(doc) as object;
const OWNER = 'direct@example.com';

async function newSite(name: string) {
  const doc = siteDocument({ name, rows: 1, columns: 2 });
  const res = await call(OWNER, 'POST', '/api/site', { document: wire(doc) });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id as string, doc };
}

describe('site revisions', () => {
  it('autosaves answer with the revision only, and one burst of autosaves is one history entry', async () => {
    const { id, doc } = await newSite('History one');
    let revision = 0;
    for (const text of ['a', 'ab', 'abc']) {
      const next = structuredClone(doc);
      next.content.JP!.creatives[0]!.mainText = text;
      const res = await call(OWNER, 'PUT', `/api/site/${id}/draft`, { document: wire(next), revision });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        id,
        revision: revision + 1,
        status: 'DRAFT',
        has_unpublished_changes: false,
      });
      expect(data.document).toBeUndefined();
      revision = data.revision;
    }
    const list = await call(OWNER, 'GET', `/api/site/${id}/revisions`);
    expect(list.statusCode, list.body).toBe(200);
    const entries = list.json().data;
    // The three autosaves are one entry; the site's creation is the first.
    expect(entries.map((e: { revision: number; kind: string }) => [e.revision, e.kind])).toEqual([
      [3, 'AUTOSAVE'],
      [0, 'DRAFT'],
    ]);
    expect(entries[0]).toMatchObject({ pages: 2, languages: ['JP'] });
    expect(entries[0].author_name).toBeTruthy();
  });

  it('publishing stands on its own, and a restore brings an earlier document back as a new revision', async () => {
    const { id, doc } = await newSite('History two');
    const first = structuredClone(doc);
    first.content.JP!.creatives[0]!.mainText = 'First words';
    expect(
      (await call(OWNER, 'PUT', `/api/site/${id}/draft`, { document: wire(first), revision: 0 })).statusCode,
    ).toBe(200);
    const published = await call(OWNER, 'PUT', `/api/site/${id}`, {
      document: wire(first),
      mode: 'PUBLISH',
      revision: 1,
    });
    // Publishing needs an image; without one it is refused and records nothing.
    expect(published.statusCode).toBe(400);
    const second = structuredClone(doc);
    second.content.JP!.creatives[0]!.mainText = 'Second words';
    second.name = 'History two, renamed';
    expect(
      (await call(OWNER, 'PUT', `/api/site/${id}`, { document: wire(second), mode: 'DRAFT', revision: 1 }))
        .statusCode,
    ).toBe(200);

    const stale = await call(OWNER, 'POST', `/api/site/${id}/revisions/2/restore`, { current: 1 });
    expect(stale.statusCode).toBe(409);
    const gone = await call(OWNER, 'POST', `/api/site/${id}/revisions/99/restore`, { current: 2 });
    expect(gone.statusCode).toBe(404);

    // Saves the creator asked for stand on their own: revision 2 is restored after an autosave.
    const third = structuredClone(second);
    third.content.JP!.creatives[0]!.mainText = 'Third words';
    expect(
      (await call(OWNER, 'PUT', `/api/site/${id}/draft`, { document: wire(third), revision: 2 })).statusCode,
    ).toBe(200);
    const restored = await call(OWNER, 'POST', `/api/site/${id}/revisions/2/restore`, { current: 3 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().message).toBe('Revision 2 was restored as the draft.');
    const data = restored.json().data;
    expect(data.revision).toBe(4);
    expect(data.name).toBe('History two, renamed');
    expect(data.document.content.JP.creatives[0].main_text).toBe('Second words');
    const kinds = (await call(OWNER, 'GET', `/api/site/${id}/revisions`)).json().data;
    expect(
      kinds.map((r: { revision: number; kind: string; restored_from: number | null }) => [
        r.revision,
        r.kind,
        r.restored_from,
      ]),
    ).toEqual([
      [4, 'RESTORE', 2],
      [3, 'AUTOSAVE', null],
      [2, 'DRAFT', null],
      [1, 'AUTOSAVE', null],
      [0, 'DRAFT', null],
    ]);
  });

  it("another tenant's site has no history and cannot be restored", async () => {
    const { id } = await newSite('History three');
    expect((await call('oem@example.com', 'GET', `/api/site/${id}/revisions`)).statusCode).toBe(404);
    expect(
      (await call('user@example.com', 'POST', `/api/site/${id}/revisions/0/restore`, {})).statusCode,
    ).toBe(404);
    expect(
      (await call('user@example.com', 'PUT', `/api/site/${id}/draft`, { document: {}, revision: 0 }))
        .statusCode,
    ).toBe(400);
  });

  it('autosaves further apart than the window are separate entries, and only the newest are kept', async () => {
    const { id, doc } = await newSite('History four');
    const db = t.database.db;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, OWNER));
    const author = owner!.id;
    const t0 = new Date('2026-11-20T00:00:00Z');
    await db.delete(siteRevisions).where(eq(siteRevisions.siteId, id));
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    await recordRevision(db, {
      siteId: id,
      revision: 1,
      document: doc,
      authorId: author,
      kind: 'AUTOSAVE',
      now: at(0),
    });
    await recordRevision(db, {
      siteId: id,
      revision: 2,
      document: doc,
      authorId: author,
      kind: 'AUTOSAVE',
      now: at(2),
    });
    await recordRevision(db, {
      siteId: id,
      revision: 3,
      document: doc,
      authorId: author,
      kind: 'AUTOSAVE',
      now: at(20),
    });
    const kept = await db
      .select({ r: siteRevisions.revision })
      .from(siteRevisions)
      .where(eq(siteRevisions.siteId, id));
    expect(kept.map((k) => k.r).sort()).toEqual([2, 3]);
    for (let r = 4; r < REVISIONS_KEPT + 10; r++)
      await recordRevision(db, {
        siteId: id,
        revision: r,
        document: doc,
        authorId: author,
        kind: 'PUBLISH',
        now: at(30 + r),
      });
    const left = await db
      .select({ r: siteRevisions.revision })
      .from(siteRevisions)
      .where(eq(siteRevisions.siteId, id));
    expect(left).toHaveLength(REVISIONS_KEPT);
    expect(Math.min(...left.map((k) => k.r))).toBe(10);
  });
});
