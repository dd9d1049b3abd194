import { defineModule } from '../../platform/module';
import getHealth from './routes/get-health';

export const healthModule = defineModule({
  name: 'health',
  routes: [getHealth],
});
