import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadShellTexts } from '../i18n/i18n';
import { configureApiClient, restoreSession } from './api-client';
import { applyLanguage } from './language';
import { notifyError } from './notify';
import { readPendingNavigationFrom } from './pending-navigation';
import { Providers } from './providers';
import { router } from './router';
import { isSignedIn, mayRestore, readLang, reloadSession, STORAGE_KEYS } from './session';

// The first render waits for the shell's texts of the active language (a failed download still
// renders); the rest of the language follows at once (applyLanguage), and lazy pages wait for it.
const startLanguage = readLang();
const firstTexts = loadShellTexts(startLanguage).catch(() => undefined);
void applyLanguage(startLanguage);

configureApiClient({
  notifyError,
  navigate: (to) => void router.navigate(to),
  currentPath: () => router.state.location.pathname,
});
readPendingNavigationFrom(() => router.state.navigation.location?.pathname ?? null);

// Another tab signed in, out or switched language: follow it, so tabs never disagree.
const watchedKeys: readonly string[] = Object.values(STORAGE_KEYS);
window.addEventListener('storage', (event) => {
  if (event.key !== null && !watchedKeys.includes(event.key)) return;
  const wasSignedIn = isSignedIn();
  reloadSession();
  if (event.key === STORAGE_KEYS.lang || event.key === null) void applyLanguage(readLang());
  if (wasSignedIn && !isSignedIn()) void router.navigate('/login');
  // Signed in in another tab: this one takes a token of its own through the shared cookie.
  else if (mayRestore()) void restoreSession();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// A transition renders in slices that yield to the browser, rather than in one long task; the
// static skeleton of index.html stays on screen until the first render commits.
// A reload keeps the session: the access token lives in memory only, so a remembered user
// gets a new one through the refresh cookie before the routes decide who is signed in.
const restored = restoreSession().catch(() => undefined);

void Promise.all([firstTexts, restored]).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  ),
);
