import { defineModule } from '../../platform/module';
import { seedDemoSubmissions } from './demo-submissions';
import deleteSiteMember from './routes/delete-site-member';
import exportSiteContacts from './routes/export-site-contacts';
import exportSiteForms from './routes/export-site-forms';
import exportSiteMembers from './routes/export-site-members';
import listSiteContacts from './routes/list-site-contacts';
import listSiteForms from './routes/list-site-forms';
import listSiteMembers from './routes/list-site-members';

export const submissionsModule = defineModule({
  name: 'submissions',
  routes: [
    deleteSiteMember,
    exportSiteContacts,
    exportSiteForms,
    exportSiteMembers,
    listSiteContacts,
    listSiteForms,
    listSiteMembers,
  ],
  demoSeed: async ({ db, site }) => {
    if (site) await seedDemoSubmissions(db, site.id);
  },
});
