import { passwordResetTokens, refreshTokens } from '../../db/schema/auth';
import { defineModule } from '../../platform/module';
import { authJobHandlers } from './auth.service';
import changePassword from './routes/change-password';
import firstTimeChangePassword from './routes/first-time-change-password';
import forgotPassword from './routes/forgot-password';
import getUserInfo from './routes/get-user-info';
import login from './routes/login';
import logout from './routes/logout';
import refreshToken from './routes/refresh-token';
import resetPassword from './routes/reset-password';
import setLanguage from './routes/set-language';
import verifyToken from './routes/verify-token';

export const authModule = defineModule({
  name: 'auth',
  routes: [
    changePassword,
    firstTimeChangePassword,
    forgotPassword,
    getUserInfo,
    login,
    logout,
    refreshToken,
    resetPassword,
    setLanguage,
    verifyToken,
  ],
  jobs: authJobHandlers,
  tables: [refreshTokens, passwordResetTokens],
});
