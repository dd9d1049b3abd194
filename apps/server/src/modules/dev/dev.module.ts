import { defineModule } from '../../platform/module';

import { registerDevMailbox } from './dev-mailbox';

export const devModule = defineModule({
  name: 'dev',
  // Demo mode only: the outbox as a page.
  http: (app, ctx) => {
    if (ctx.config.demo) registerDevMailbox(app, ctx);
    return undefined;
  },
});
