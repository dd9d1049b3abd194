import { ZIdParams } from '@swipe/contracts/accounts';
import { ZCampaignScriptQuery } from '@swipe/contracts/campaigns';
import { z } from 'zod';
import { notFound } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { campaignScriptDocument, SCRIPT_CSP } from '../campaign-script';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/campaign/:id/script',
  summary:
    "The code of a campaign's SCRIPT item (`item`) as a tiny HTML document for the published page's sandboxed frame (its CSP sandboxes it: an opaque origin); 404 unless the campaign's site is live and the code parses",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
  params: ZIdParams,
  querystring: ZCampaignScriptQuery,
  response: z.string().describe('text/html'),
  handler: async ({ ctx, params, query, req, reply }) => {
    // Only ever a frame's document: a browser that says it is opening it as anything else (a tab,
    // a script, an image) finds nothing, so the address cannot serve a creator's page on its own.
    const dest = req.headers['sec-fetch-dest'];
    if (dest && dest !== 'iframe') throw notFound();
    const html = await campaignScriptDocument(ctx, { campaignId: params.id, itemId: query.item });
    reply.headers({
      'content-type': 'text/html; charset=utf-8',
      // Replaces the app's CSP (helmet's) for this answer; frame-ancestors limits who frames it.
      'content-security-policy': SCRIPT_CSP,
      // A saved change reaches visitors within a minute.
      'cache-control': 'public, max-age=60',
      'x-robots-tag': 'noindex',
    });
    return html;
  },
});
