import { defineModule } from '../../platform/module';
import getPageProductsPublic from './routes/get-page-products-public';
import getPagePublic from './routes/get-page-public';
import getSiteButtonsPublic from './routes/get-site-buttons-public';
import getSiteCompany from './routes/get-site-company';
import getSiteScripts from './routes/get-site-scripts';

export const endUserModule = defineModule({
  name: 'end-user',
  routes: [getPageProductsPublic, getPagePublic, getSiteButtonsPublic, getSiteCompany, getSiteScripts],
});
