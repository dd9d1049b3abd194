import { defineFormSettingRoute } from '../form-setting-route';

export default defineFormSettingRoute({
  url: '/api/end-user/site/:id/contact-setting',
  type: 'CONTACT_SETTING',
  summary: "The fields of a published site's contact form in one language, with the agreement to the terms",
});
