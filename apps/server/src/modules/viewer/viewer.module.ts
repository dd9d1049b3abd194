import { defineModule } from '../../platform/module';
import { registerViewer } from './viewer-http';

// The top layer: published pages, the editor's and invitees' previews and the visitor pages
// (HTML, not JSON). No domain module imports it.
export const viewerModule = defineModule({
  name: 'viewer',
  http: (app, ctx) => registerViewer(app, ctx),
});
