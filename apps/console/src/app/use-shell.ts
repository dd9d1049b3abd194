import type { TAuthUser } from '@swipe/contracts/auth';
import type { TRoutePrefix } from '@swipe/contracts/roles';
import { useOutletContext } from 'react-router';

/**
 * What the signed-in shell hands its pages. Pages read the user from here rather than from
 * storage: when a session ends, the shell keeps showing the last user until it redirects.
 */
export type TShellContext = { user: TAuthUser; prefix: TRoutePrefix };

export const useShell = () => useOutletContext<TShellContext>();
