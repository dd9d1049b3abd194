import { defineFormSettingRoute } from '../form-setting-route';

export default defineFormSettingRoute({
  url: '/api/end-user/site/:id/membership-setting',
  type: 'MEMBERSHIP_SETTING',
  summary:
    "The fields of a published site's member registration form in one language, with the agreement to the terms",
});
