import { ZBillingSettings, ZBillingSettingsResponse } from '@swipe/contracts/billing';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { saveSettings } from '../billing-settings';

export default defineRoute({
  method: 'PUT',
  url: '/api/billing/settings',
  summary:
    'Saves the billing settings; bills already issued keep what they were issued with; complete settings issue the bank-transfer bills held for them (MASTER)',
  tags: ['billing'],
  guard: { roles: ['MASTER'], authority: 'EDIT' },
  body: ZBillingSettings,
  response: ZBillingSettingsResponse,
  handler: async ({ ctx, caller, body, req }) => ({
    data: await saveSettings(ctx, { caller, settings: body }),
    message: translate('billing.settingsSaved', req.lang),
  }),
});
