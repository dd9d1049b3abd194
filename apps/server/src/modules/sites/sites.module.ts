import { siteRevisions, sites } from '../../db/schema/sites';
import { defineModule } from '../../platform/module';
import { seedDemoSite } from './demo-site';
import createPreviewLink from './routes/create-preview-link';
import createSite from './routes/create-site';
import deleteSite from './routes/delete-site';
import duplicateSite from './routes/duplicate-site';
import exportSites from './routes/export-sites';
import getSite from './routes/get-site';
import listRevisions from './routes/list-revisions';
import listSites from './routes/list-sites';
import restoreRevision from './routes/restore-revision';
import saveDraft from './routes/save-draft';
import updateSite from './routes/update-site';
import { siteDomainJobs } from './site-domain';
import { expireSitesOfAccounts, siteUsageCounters } from './sites.service';

export const sitesModule = defineModule({
  name: 'sites',
  routes: [
    createPreviewLink,
    createSite,
    deleteSite,
    duplicateSite,
    exportSites,
    getSite,
    listRevisions,
    listSites,
    restoreRevision,
    saveDraft,
    updateSite,
  ],
  jobs: (ctx) => siteDomainJobs(ctx),
  usageCounters: siteUsageCounters,
  contractEndEffects: [expireSitesOfAccounts],
  tables: [sites, siteRevisions],
  demoSeed: seedDemoSite,
});
