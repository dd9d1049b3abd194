import { defineModule } from '../../platform/module';
import { registerPublishedSites } from './published-sites-http';

// The top layer: published pages, the editor's and invitees' previews and the visitor pages
// (HTML, not JSON). No domain module imports it.
export const publishedSitesModule = defineModule({
  name: 'published-sites',
  http: (app, ctx) => registerPublishedSites(app, ctx),
});
