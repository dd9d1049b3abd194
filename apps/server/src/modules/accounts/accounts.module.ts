import { accounts } from '../../db/schema/accounts';
import { defineModule } from '../../platform/module';
import getAccount from './routes/get-account';

export const accountsModule = defineModule({
  name: 'accounts',
  routes: [getAccount],
  tables: [accounts],
});
