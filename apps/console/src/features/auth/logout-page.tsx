import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authApi } from '../../app/auth-api';
import { FullPageLoader } from '../../app/full-page-loader';
import { notifySuccess } from '../../app/notify';
import { clearSession } from '../../app/session';

/** /log-out: revoke the refresh cookie's session server-side, forget everything locally, go to sign-in. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // StrictMode runs effects twice in development; one revocation is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Local state goes first: even if the server cannot be reached, this device is signed out.
    clearSession();
    queryClient.clear();
    void (async () => {
      let message: string | undefined;
      try {
        message = (await authApi.logout({ toast: false })).message;
      } catch {
        // The token expires on its own; nothing more to do from here.
      }
      void navigate('/login', { replace: true });
      if (message) notifySuccess(message);
    })();
  }, [navigate, queryClient]);

  return <FullPageLoader label={t('logout.signingOut')} />;
}
