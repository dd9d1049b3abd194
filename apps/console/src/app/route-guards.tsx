import type { TAuthUser } from '@swipe/contracts/auth';
import type { TRoutePrefix } from '@swipe/contracts/roles';
import { lazy, Suspense, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from './full-page-loader';
import { landingPathOf, useSession } from './use-session';

// The signed-in shell (header, side menu) is the second screen a visitor sees: its code is not
// part of what the sign-in page waits for.
const SignedInLayout = lazy(() => import('./signed-in-layout').then((m) => ({ default: m.SignedInLayout })));

/** `/`: the landing page when signed in, else sign-in. */
export function RootRedirect() {
  const { user, tokens } = useSession();
  return <Navigate to={user && tokens ? landingPathOf(user) : '/login'} replace />;
}

/** `/{prefix}`: the user's landing page under it (the summary for staff, the site list for creators). */
export function LandingRedirect() {
  const { user } = useSession();
  return <Navigate to={user ? landingPathOf(user) : '/login'} replace />;
}

/** Sign-in is for visitors; a signed-in user goes where they belong. */
export function GuestOnly() {
  const { user, tokens } = useSession();
  if (user && tokens) return <Navigate to={landingPathOf(user)} replace />;
  return <Outlet />;
}

/** The first-time password page: only while signed in and the change is still pending. */
export function PendingPasswordChangeOnly() {
  const { user, tokens } = useSession();
  if (!user || !tokens) return <Navigate to="/login" replace />;
  if (!user.mustChangePassword) return <Navigate to={landingPathOf(user)} replace />;
  return <Outlet />;
}

/**
 * `/{prefix}/*`: signed in, password already changed, and the user's own prefix. Once the
 * session ends under it (a failed refresh), the last user stays on screen: the API client
 * goes to /login after its one-second pause rather than the page vanishing at once.
 */
export function PrefixGate({ prefix }: { prefix: TRoutePrefix }) {
  const { user, tokens } = useSession();
  const location = useLocation();
  const lastUser = useRef<TAuthUser | null>(null);
  const signedIn = Boolean(user && tokens);
  if (signedIn) lastUser.current = user;

  const shown = signedIn ? user : lastUser.current;
  if (!shown) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (shown.mustChangePassword) return <Navigate to="/first-time-change-password" replace />;
  if (shown.routePrefix !== prefix) return <Navigate to={landingPathOf(shown)} replace />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <SignedInLayout prefix={prefix} user={shown} sessionUserId={signedIn ? (user?.id ?? null) : null} />
    </Suspense>
  );
}
