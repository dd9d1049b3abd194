import type { TAuthUser, TLoginResponse } from '@swipe/contracts/auth';
import { useSyncExternalStore } from 'react';
import { applyLanguage, rememberLanguage, takeSignedOutChoice } from './language';
import { landingPageOf } from './menu';
import { getSession, storeSignIn, subscribeSession } from './session';

export const useSession = () => useSyncExternalStore(subscribeSession, getSession, getSession);

/**
 * Where a signed-in user belongs: the password change first, else their own landing page (the
 * summary for staff, the site list for creators).
 */
export const landingPathOf = (user: Pick<TAuthUser, 'mustChangePassword' | 'routePrefix' | 'actingRole'>) =>
  user.mustChangePassword
    ? '/first-time-change-password'
    : `/${user.routePrefix}/${landingPageOf(user.actingRole)}`;

/**
 * Stores a login-shaped answer and adopts the user's saved UI language, unless they chose one on
 * the login page: that choice wins and is saved. Returns where to go.
 */
export function completeSignIn(result: TLoginResponse) {
  storeSignIn(result);
  const chosen = takeSignedOutChoice();
  if (chosen && chosen !== result.user.language) {
    void applyLanguage(chosen);
    void rememberLanguage(chosen);
  } else void applyLanguage(result.user.language);
  return landingPathOf(result.user);
}
