import { siteSubmissions } from '../../db/schema/visitors';
import { defineModule } from '../../platform/module';
import getContactSetting from './routes/get-contact-setting';
import getHomepageSetting from './routes/get-homepage-setting';
import getMembershipSetting from './routes/get-membership-setting';
import sendContact from './routes/send-contact';
import sendHomepage from './routes/send-homepage';

export const formsModule = defineModule({
  name: 'forms',
  routes: [getContactSetting, getHomepageSetting, getMembershipSetting, sendContact, sendHomepage],
  tables: [siteSubmissions],
});
