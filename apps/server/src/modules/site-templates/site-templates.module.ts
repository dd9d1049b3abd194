import { defineModule } from '../../platform/module';
import listSiteTemplates from './routes/list-site-templates';

// Templates: the gallery of starter sites. Creating a site from one is POST /api/site
// (the sites module builds it with templateSite).
export const siteTemplatesModule = defineModule({
  name: 'site-templates',
  routes: [listSiteTemplates],
});
