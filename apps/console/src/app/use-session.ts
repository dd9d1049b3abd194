import type { TAuthUser, TLoginResponse } from '@swipe/contracts/auth';
import { useSyncExternalStore } from 'react';
import { applyLanguage } from './language';
import { getSession, storeSignIn, subscribeSession } from './session';

export const useSession = () => useSyncExternalStore(subscribeSession, getSession, getSession);

/** Where a signed-in user belongs: the password change first, else their own landing page. */
export const landingPathOf = (user: Pick<TAuthUser, 'mustChangePassword' | 'routePrefix'>) =>
  user.mustChangePassword ? '/first-time-change-password' : `/${user.routePrefix}`;

/** Stores a login-shaped answer and adopts the user's saved UI language; returns where to go. */
export function completeSignIn(result: TLoginResponse) {
  storeSignIn(result);
  void applyLanguage(result.user.language);
  return landingPathOf(result.user);
}
