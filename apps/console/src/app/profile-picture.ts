import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { authApi } from './auth-api';
import { readLang, readTokens } from './session';

// The signed-in operator's profile picture, shown in the header and on several pages. It sits
// behind the bearer token, so it is fetched as a blob (an <img src> cannot send the header) and
// shown through an object URL that each viewer revokes when it is done.

export const profilePictureKey = (userId: string | undefined) => ['profile', 'picture', userId] as const;

async function fetchOnce(signal?: AbortSignal) {
  const token = readTokens()?.accessToken;
  return fetch('/api/profile/picture', {
    headers: { 'Accept-Language': readLang(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal,
  });
}

/** The picture's bytes, or null when none is set. An expired token is refreshed once. */
export async function fetchProfilePicture(signal?: AbortSignal): Promise<Blob | null> {
  let res = await fetchOnce(signal);
  if (res.status === 401) {
    // The API client owns the refresh: any authenticated call through it renews the pair.
    await authApi.userInfo({ toast: false, signal });
    res = await fetchOnce(signal);
  }
  if (res.status === 204 || res.status === 404) return null;
  if (!res.ok) throw new Error(`profile picture: ${res.status}`);
  return res.blob();
}

export function useProfilePicture(userId: string | undefined) {
  return useQuery({
    queryKey: profilePictureKey(userId),
    queryFn: ({ signal }) => fetchProfilePicture(signal),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
  });
}

/** An object URL for a blob, revoked when the blob changes or the viewer unmounts. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
