import { campaignClickVisits, campaignItemClicks, campaigns } from '../../db/schema/campaigns';
import { defineModule } from '../../platform/module';
import { moveCampaignPages } from './campaign-pages';
import { seedDemoCampaign } from './demo-campaign';
import createCampaign from './routes/create-campaign';
import deleteCampaign from './routes/delete-campaign';
import endUserCampaignClick from './routes/end-user-campaign-click';
import endUserCampaignScript from './routes/end-user-campaign-script';
import getCampaign from './routes/get-campaign';
import listCampaigns from './routes/list-campaigns';
import updateCampaign from './routes/update-campaign';

// Campaigns: side zones beside a published site on wide screens, their designer's API, the
// visitors' click counts and the code of SCRIPT items for the page's sandboxed frame.

export const campaignsModule = defineModule({
  name: 'campaigns',
  routes: [
    listCampaigns,
    createCampaign,
    getCampaign,
    updateCampaign,
    deleteCampaign,
    endUserCampaignClick,
    endUserCampaignScript,
  ],
  tables: [campaigns, campaignItemClicks, campaignClickVisits],
  pageRenameEffects: [moveCampaignPages],
  demoSeed: async ({ db, site }) => {
    if (site) await seedDemoCampaign(db, site);
  },
});
