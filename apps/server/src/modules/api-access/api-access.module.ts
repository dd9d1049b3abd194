import { apiSettings } from '../../db/schema/accounts';
import { defineModule } from '../../platform/module';
import getApiSettings from './routes/get-api-settings';
import issueApiKey from './routes/issue-api-key';
import revokeApiKey from './routes/revoke-api-key';
import updateApiSettings from './routes/update-api-settings';

export const apiAccessModule = defineModule({
  name: 'api-access',
  routes: [getApiSettings, issueApiKey, revokeApiKey, updateApiSettings],
  tables: [apiSettings],
});
