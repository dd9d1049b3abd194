import { defineFormSettingRoute } from '../form-setting-route';

export default defineFormSettingRoute({
  url: '/api/end-user/site/:id/homepage-setting',
  type: 'HOMEPAGE_SETTING',
  summary: "The fields of a published site's homepage form in one language, with the agreement to the terms",
});
