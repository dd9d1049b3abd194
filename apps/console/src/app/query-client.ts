import { QueryClient } from '@tanstack/react-query';

// The one query cache of the console. TanStack Query is not part of the first screen (sign-in
// needs none of it): the signed-in shell and the lazy pages bring it (router.tsx).
export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts each failure once; silent retries would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
