import { profilePictures } from '../../db/schema/accounts';
import { defineModule } from '../../platform/module';
import deleteAccount from './routes/delete-account';
import deleteProfilePicture from './routes/delete-profile-picture';
import getAccountDeletion from './routes/get-account-deletion';
import getProfilePicture from './routes/get-profile-picture';
import uploadProfilePicture from './routes/upload-profile-picture';

export const profileModule = defineModule({
  name: 'profile',
  routes: [deleteAccount, deleteProfilePicture, getAccountDeletion, getProfilePicture, uploadProfilePicture],
  tables: [profilePictures],
});
