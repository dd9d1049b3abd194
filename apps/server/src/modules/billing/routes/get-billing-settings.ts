import { ZBillingSettingsResponse } from '@swipe/contracts/billing';
import { defineRoute } from '../../../platform/route';
import { settingsState } from '../billing-settings';

export default defineRoute({
  method: 'GET',
  url: '/api/billing/settings',
  summary:
    "The invoices' issuer, qualified-invoice registration number, bank account, license fee, payment term and notes; the required ones still missing and the months whose bank-transfer bills wait for them (MASTER)",
  tags: ['billing'],
  guard: { roles: ['MASTER'], authority: 'VIEW' },
  response: ZBillingSettingsResponse,
  handler: async ({ ctx }) => ({ data: await settingsState(ctx.db) }),
});
