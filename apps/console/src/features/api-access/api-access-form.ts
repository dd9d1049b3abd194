import type { UseFormReturnType } from '@mantine/form';
import type { TApiAuthMethod, TApiSettings, TUpdateApiSettingsRequest } from '@swipe/contracts/api-access';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';

// The dialog's form values and the checks only the stored settings can answer (is a Basic
// password stored? is a key issued?), run before the request so the error shows in place.

export type TApiFormValues = {
  enabled: boolean;
  method: TApiAuthMethod;
  ipList: string[];
  basicId: string;
  basicPassword: string;
};

export const formValuesOf = (s: TApiSettings): TApiFormValues => ({
  enabled: s.enabled,
  method: s.method,
  ipList: s.ipList,
  basicId: s.basicId ?? '',
  basicPassword: '',
});

/** Sends only what the chosen method reads; the server keeps the other methods' values. */
export const requestOf = (v: TApiFormValues): TUpdateApiSettingsRequest => ({
  enabled: v.enabled,
  method: v.method,
  ...(v.method === 'IP' ? { ipList: v.ipList.map((ip) => ip.trim()) } : {}),
  ...(v.method === 'BASIC' ? { basicId: v.basicId.trim(), basicPassword: v.basicPassword } : {}),
});

/** True when the stored settings let the values be saved; otherwise marks the field. */
export function checkAgainstStored(
  form: UseFormReturnType<TApiFormValues>,
  settings: TApiSettings,
  lang: TUiLanguage,
): boolean {
  const v = form.getValues();
  if (!v.enabled) return true;
  if (v.method === 'BASIC' && !v.basicPassword && !settings.hasBasicPassword) {
    form.setFieldError('basicPassword', translate('apiAccess.basicPasswordRequired', lang));
    return false;
  }
  if (v.method === 'API_KEY' && !settings.key) {
    form.setFieldError('method', translate('apiAccess.keyRequired', lang));
    return false;
  }
  return true;
}
