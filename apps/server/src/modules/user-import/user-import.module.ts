import { defineModule } from '../../platform/module';
import getUserImportTemplate from './routes/get-user-import-template';
import importUsers from './routes/import-users';
import previewUserImport from './routes/preview-user-import';

export const userImportModule = defineModule({
  name: 'user-import',
  routes: [getUserImportTemplate, importUsers, previewUserImport],
});
