import { defineModule } from '../../platform/module';
import createAdmin from './routes/create-admin';
import deleteAdmin from './routes/delete-admin';
import listAdmins from './routes/list-admins';
import updateAdmin from './routes/update-admin';

export const adminsModule = defineModule({
  name: 'admins',
  routes: [createAdmin, deleteAdmin, listAdmins, updateAdmin],
});
