import type { TDb } from '../../db/client';
import { previewComments } from '../../db/schema/preview-comments';
import { insertSite } from '../sites/site-fixtures';

/** A review comment on a new site of the account: both ids of its routes. */
export async function insertComment(db: TDb, accountId: string) {
  const site = await insertSite(db, { accountId });
  const [comment] = await db
    .insert(previewComments)
    .values({
      siteId: site.id,
      number: 1,
      lang: 'JP',
      page: 'A1',
      x: 1,
      y: 1,
      body: 'x',
      authorKind: 'INVITEE',
      authorName: 'a@example.com',
    })
    .returning();
  return { id: site.id, commentId: comment!.id };
}
