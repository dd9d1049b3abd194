import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/accounts';
import { sitePreviewShares } from '../../db/schema/preview';
import { previewCommentReplies, previewComments } from '../../db/schema/preview-comments';
import type { TDemoSeed } from '../../platform/module';

// A reviewer invited to the demo site's preview left two comments: one open, one the owner
// answered and resolved, so the editor's drawer and pins show something on a fresh machine.

export async function seedDemoComments({ db, site, owner }: TDemoSeed) {
  if (!site) return;
  const [share] = await db
    .insert(sitePreviewShares)
    .values({ siteId: site.id, email: 'reviewer@example.com', invitedBy: owner.userId })
    .returning();
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, owner.userId));
  const reviewer = { authorKind: 'INVITEE', authorShareId: share!.id, authorName: share!.email };
  const hour = 3_600_000;
  const now = Date.now();
  await db.insert(previewComments).values({
    siteId: site.id,
    number: 1,
    lang: 'JP',
    page: 'A1',
    x: 500,
    y: 280,
    body: 'ロゴをもう少し大きくできますか？スマホだと少し見づらいです。',
    ...reviewer,
    createdAt: new Date(now - 26 * hour),
  });
  const [resolved] = await db
    .insert(previewComments)
    .values({
      siteId: site.id,
      number: 2,
      lang: 'EN',
      page: 'B1',
      x: 480,
      y: 860,
      body: 'Could the button say "Order now" instead of "Learn more"?',
      ...reviewer,
      createdAt: new Date(now - 24 * hour),
      resolvedAt: new Date(now - 20 * hour),
      resolvedBy: owner.userId,
    })
    .returning();
  await db.insert(previewCommentReplies).values({
    commentId: resolved!.id,
    body: 'Good idea: changed in the draft.',
    authorKind: 'CREATOR',
    authorUserId: owner.userId,
    authorName: user?.name ?? 'Owner',
    createdAt: new Date(now - 21 * hour),
  });
}
