import { type TCampaignInput, ZCampaignInput } from '@swipe/contracts/campaigns';
import { keysToSnake } from '@swipe/contracts/case';
import type { TDb } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { insertSite } from '../sites/site-fixtures';

// Test fixtures: a campaign input on a 1 x 2 site (pages A1, B1), and a campaign of a new site
// of an account (published unless told), written straight to the table.

export const campaignInput = (over: Partial<TCampaignInput> = {}): TCampaignInput =>
  ZCampaignInput.parse({
    names: { JP: '秋のキャンペーン' },
    startDate: '2026-10-01',
    endDate: '2026-10-15',
    effectivePages: ['A1', 'B1'],
    buttons: [
      {
        id: 'btn-1',
        type: 'TEXT',
        text: 'Book now',
        x: 10,
        y: 10,
        animation: 'PULSE',
        corner: 'PILL',
        link: { type: 'EXTERNAL_URL', url: 'https://example.com/book' },
      },
    ],
    ...over,
  });

/** The input as the wire carries it (snake_case keys; the names' language keys stay). */
export const campaignBody = (input: TCampaignInput = campaignInput()) => ({
  ...(keysToSnake(input) as Record<string, unknown>),
  names: input.names,
});

export async function insertCampaign(
  db: TDb,
  opts: { accountId: string; input?: TCampaignInput; published?: boolean },
) {
  const site = await insertSite(db, { accountId: opts.accountId, published: opts.published ?? true });
  const input = opts.input ?? campaignInput();
  const [row] = await db
    .insert(campaigns)
    .values({ siteId: site.id, document: input, startDate: input.startDate, endDate: input.endDate })
    .returning();
  return { site, campaign: row! };
}
