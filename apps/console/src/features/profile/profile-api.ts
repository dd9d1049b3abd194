import { keysToCamel } from '@swipe/contracts/case';
import {
  PROFILE_PICTURE_EXTENSIONS,
  PROFILE_PICTURE_MAX_BYTES,
  type TAccountDeletionSummary,
  type TDeleteAccountRequest,
  type TProfilePicture,
  ZDeleteAccountResponse,
  ZDeleteProfilePictureResponse,
  ZGetAccountDeletionResponse,
  ZUploadProfilePictureResponse,
} from '@swipe/contracts/profile';
import { ApiError, api, apiRequest, errorMessageOf, type TRequestOptions } from '../../app/api-client';
import { authApi } from '../../app/auth-api';
import { readLang, readTokens } from '../../app/session';
import { i18n } from '../../i18n/i18n';

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;

export const deletionSummaryKey = ['profile', 'account-deletion'] as const;

/** The console's pre-check, worded like the server: the name's extension and the size. */
export function precheckPicture(file: File): 'profile.pictureUnsupported' | 'profile.pictureTooLarge' | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !(PROFILE_PICTURE_EXTENSIONS as readonly string[]).includes(extension))
    return 'profile.pictureUnsupported';
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return 'profile.pictureTooLarge';
  return null;
}

type TUploadResult = { data: TProfilePicture; message?: string };

// fetch() cannot report upload progress, so the upload is the one call made with XHR.
function putOnce(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  return new Promise<{ status: number; statusText: string; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', '/api/profile/picture');
    const token = readTokens()?.accessToken;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', readLang());
    // The server judges the bytes, never the label: an unknown type goes as a plain byte stream.
    const type = ['image/png', 'image/jpeg'].includes(file.type) ? file.type : 'application/octet-stream';
    xhr.setRequestHeader('Content-Type', type);
    xhr.timeout = 60_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, statusText: xhr.statusText, body });
    };
    const noAnswer = () => reject(new ApiError(i18n.t('apiError.noResponse'), 'network'));
    xhr.onerror = noAnswer;
    xhr.ontimeout = noAnswer;
    xhr.onabort = () => reject(new ApiError('aborted', 'aborted'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

export async function uploadPicture(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<TUploadResult> {
  let res = await putOnce(file, onProgress, signal);
  if (res.status === 401) {
    // The shared client renews the token pair; then the upload is tried once more.
    await authApi.userInfo({ toast: false, signal });
    onProgress(0);
    res = await putOnce(file, onProgress, signal);
  }
  if (res.status >= 200 && res.status < 300) {
    const envelope = keysToCamel<TUploadResult>(res.body);
    if (!ZUploadProfilePictureResponse.safeParse(envelope).success)
      throw new ApiError(i18n.t('apiError.request'), 'request', res.status);
    return envelope;
  }
  const code = (res.body as { code?: unknown } | null)?.code;
  throw new ApiError(
    errorMessageOf(res.status, res.statusText, res.body),
    'http',
    res.status,
    typeof code === 'string' ? code : undefined,
  );
}

export const profileApi = {
  removePicture: (opts?: TOpts) =>
    api.delete<null>('/api/profile/picture', { ...opts, schema: ZDeleteProfilePictureResponse }),

  deletionSummary: (opts?: TOpts) =>
    api.get<TAccountDeletionSummary>('/api/account/deletion', {
      ...opts,
      schema: ZGetAccountDeletionResponse,
    }),

  deleteAccount: (body: TDeleteAccountRequest, opts?: TOpts) =>
    apiRequest<null>('/api/account', { ...opts, method: 'DELETE', body, schema: ZDeleteAccountResponse }),
};
