import { IconClockExclamation, IconLock, IconMapPinOff, IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/use-page-title';
import { ErrorView } from './error-view';

// /errors/403, /errors/404, /errors/504 and /errors/403-ip (SPEC 2 and 8).

export function ForbiddenPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.forbidden.title'));
  return (
    <ErrorView
      testId="error-403"
      code="403"
      icon={IconLock}
      color="orange"
      title={t('errors.forbidden.title')}
      body={t('errors.forbidden.body')}
      actions={['home', 'back']}
    />
  );
}

export function NotFoundPage({ inShell }: { inShell?: boolean }) {
  const { t } = useTranslation();
  usePageTitle(t('errors.notFound.title'));
  return (
    <ErrorView
      testId="error-404"
      code="404"
      icon={IconMapPinOff}
      color="gray"
      title={t('errors.notFound.title')}
      body={t('errors.notFound.body')}
      actions={['home', 'back']}
      inShell={inShell}
    />
  );
}

/** The 404 inside the signed-in shell, for unknown paths under /{prefix}. */
export function ShellNotFoundPage() {
  return <NotFoundPage inShell />;
}

export function GatewayTimeoutPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.gatewayTimeout.title'));
  return (
    <ErrorView
      testId="error-504"
      code="504"
      icon={IconClockExclamation}
      color="yellow"
      title={t('errors.gatewayTimeout.title')}
      body={t('errors.gatewayTimeout.body')}
      actions={['reload', 'home']}
    />
  );
}

export function ForbiddenIpPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.forbiddenIp.title'));
  return (
    <ErrorView
      testId="error-403-ip"
      code="403"
      icon={IconShieldOff}
      color="red"
      title={t('errors.forbiddenIp.title')}
      body={t('errors.forbiddenIp.body')}
      actions={['reload', 'home']}
    />
  );
}
