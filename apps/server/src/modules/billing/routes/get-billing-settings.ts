import { ZBillingSettingsResponse } from '@swipe/contracts/billing';
import { defineRoute } from '../../../platform/route';
import { readSettings } from '../billing.service';

export default defineRoute({
  method: 'GET',
  url: '/api/billing/settings',
  summary:
    "The invoices' issuer, qualified-invoice registration number, license fee, payment term, bank details and notes (MASTER)",
  tags: ['billing'],
  guard: { roles: ['MASTER'], authority: 'VIEW' },
  response: ZBillingSettingsResponse,
  handler: async ({ ctx }) => ({ data: await readSettings(ctx.db) }),
});
