// A published site's service worker (served from the site's own path: /sites/{key}/sw.js, or
// /sw.js on its custom domain): shows a delivered notification pushed to this browser, and
// opens its link (or the site) when it is clicked. It caches nothing and handles no fetch.

type TPayload = { title?: string; body?: string; icon?: string | null; url?: string | null };
type TWaitable = Event & { waitUntil(p: Promise<unknown>): void };
type TWorker = {
  registration: ServiceWorkerRegistration;
  clients: { openWindow(url: string): Promise<unknown> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', fn: () => void): void;
  addEventListener(type: 'push', fn: (e: TWaitable & { data: { json(): TPayload } | null }) => void): void;
  addEventListener(
    type: 'notificationclick',
    fn: (e: TWaitable & { notification: Notification }) => void,
  ): void;
};
const sw = self as unknown as TWorker;

sw.addEventListener('install', () => {
  sw.skipWaiting();
});

sw.addEventListener('push', (e) => {
  let d: TPayload = {};
  try {
    d = e.data?.json() ?? {};
  } catch {}
  // Only a web address opens from a notification; anything else opens the site.
  const url = d.url && /^https?:/i.test(d.url) ? d.url : sw.registration.scope;
  e.waitUntil(
    sw.registration.showNotification(d.title || new URL(sw.registration.scope).host, {
      body: d.body ?? '',
      ...(d.icon ? { icon: d.icon } : {}),
      data: { url },
    }),
  );
});

sw.addEventListener('notificationclick', (e) => {
  e.notification.close();
  e.waitUntil(sw.clients.openWindow((e.notification.data as { url: string }).url));
});
