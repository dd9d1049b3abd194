import { IconAlertCircle, IconCloudDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '../../app/use-page-title';
import { NotFoundPage } from './error-pages';
import { ErrorView } from './error-view';

// Browsers word a failed dynamic import differently; after a deploy the old chunk names are
// gone and only a reload (fresh index.html) helps.
const CHUNK_LOAD_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

export const isChunkLoadError = (error: unknown) =>
  error instanceof Error && (CHUNK_LOAD_ERROR.test(error.message) || CHUNK_LOAD_ERROR.test(error.name));

/** The router's errorElement; this file is in the main bundle so it works when chunks do not. */
export function RouteErrorBoundary({ inShell }: { inShell?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  usePageTitle(chunk ? t('errors.chunk.title') : t('errors.generic.title'));

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage inShell={inShell} />;
  if (chunk)
    return (
      <ErrorView
        testId="error-chunk"
        icon={IconCloudDownload}
        color="blue"
        title={t('errors.chunk.title')}
        body={t('errors.chunk.body')}
        actions={['reload']}
        inShell={inShell}
      />
    );
  if (import.meta.env.DEV) console.error(error);
  return (
    <ErrorView
      testId="error-generic"
      icon={IconAlertCircle}
      color="red"
      title={t('errors.generic.title')}
      body={t('errors.generic.body')}
      actions={['reload', 'home']}
      inShell={inShell}
    />
  );
}

export function ShellRouteErrorBoundary() {
  return <RouteErrorBoundary inShell />;
}
