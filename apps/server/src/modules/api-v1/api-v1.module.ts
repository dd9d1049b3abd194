import { defineModule } from '../../platform/module';
import getV1Account from './routes/get-v1-account';
import listV1SiteContacts from './routes/list-v1-site-contacts';
import listV1SiteForms from './routes/list-v1-site-forms';
import listV1SiteMembers from './routes/list-v1-site-members';
import listV1Sites from './routes/list-v1-sites';
import listV1Users from './routes/list-v1-users';

export const apiV1Module = defineModule({
  name: 'api-v1',
  routes: [getV1Account, listV1SiteContacts, listV1SiteForms, listV1SiteMembers, listV1Sites, listV1Users],
});
