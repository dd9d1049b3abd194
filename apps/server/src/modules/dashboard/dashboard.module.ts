import { defineModule } from '../../platform/module';
import getSummary from './routes/get-summary';

// The summary dashboard: numbers read from the tables of accounts, sites and billing; it owns
// no table of its own.

export const dashboardModule = defineModule({
  name: 'dashboard',
  routes: [getSummary],
});
