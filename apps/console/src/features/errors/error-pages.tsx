import { IconClockExclamation, IconLock, IconMapPinOff, IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/use-page-title';
import { ErrorView, type TErrorAction } from './error-view';

// /errors/403, /errors/404, /errors/504 and /errors/403-ip, one table.

const PAGES = {
  forbidden: { testId: 'error-403', code: '403', icon: IconLock, color: 'orange', actions: ['home', 'back'] },
  notFound: {
    testId: 'error-404',
    code: '404',
    icon: IconMapPinOff,
    color: 'gray',
    actions: ['home', 'back'],
  },
  gatewayTimeout: {
    testId: 'error-504',
    code: '504',
    icon: IconClockExclamation,
    color: 'yellow',
    actions: ['reload', 'home'],
  },
  forbiddenIp: {
    testId: 'error-403-ip',
    code: '403',
    icon: IconShieldOff,
    color: 'red',
    actions: ['reload', 'home'],
  },
} as const satisfies Record<
  string,
  { testId: string; code: string; icon: unknown; color: string; actions: readonly TErrorAction[] }
>;

function StatusErrorPage({ kind, inShell }: { kind: keyof typeof PAGES; inShell?: boolean }) {
  const { t } = useTranslation();
  const page = PAGES[kind];
  const title = t(`errors.${kind}.title`);
  usePageTitle(title);
  return (
    <ErrorView
      {...page}
      actions={[...page.actions]}
      title={title}
      body={t(`errors.${kind}.body`)}
      inShell={inShell}
    />
  );
}

export const ForbiddenPage = () => <StatusErrorPage kind="forbidden" />;
export const NotFoundPage = ({ inShell }: { inShell?: boolean }) => (
  <StatusErrorPage kind="notFound" inShell={inShell} />
);
/** The 404 inside the signed-in shell, for unknown paths under /{prefix}. */
export const ShellNotFoundPage = () => <StatusErrorPage kind="notFound" inShell />;
export const GatewayTimeoutPage = () => <StatusErrorPage kind="gatewayTimeout" />;
export const ForbiddenIpPage = () => <StatusErrorPage kind="forbiddenIp" />;
