import { PUSH_TEXTS } from './push-texts';

// Loaded only when a visitor presses the news panel's "Get notifications on this device" (the
// runtime asked for permission in the press): registers the site's service worker (served from
// the site's own path, so each site has its own), subscribes with the platform's VAPID key and
// posts the subscription. The button then says whether it worked, in the page's language.

const body = document.body;
const button = document.querySelector<HTMLButtonElement>('.np');
const siteId = body.dataset.site ?? '';
const lang = body.dataset.lang ?? 'JP';
const api = `/api/end-user/site/${siteId}/push/`;

/** The key as the bytes subscribe() takes (base64url without padding in the answer). */
const bytes = (b64url: string) =>
  Uint8Array.from(atob(b64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** Resolves once the registration has an active worker (subscribe() needs one). */
const activated = (reg: ServiceWorkerRegistration) =>
  new Promise<void>((resolve) => {
    const worker = reg.installing ?? reg.waiting;
    if (reg.active || !worker) return resolve();
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
    });
  });

async function subscribe() {
  if (!button || Notification.permission !== 'granted') throw new Error('not granted');
  const [reg, key] = await Promise.all([
    navigator.serviceWorker.register(button.dataset.sw ?? ''),
    fetch(`${api}key`).then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status))))),
  ]);
  await activated(reg);
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: bytes(key.data.public_key),
    }));
  const res = await fetch(`${api}subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...sub.toJSON(), lang }),
  });
  if (!res.ok) throw new Error(String(res.status));
}

const say = (key: 'ok' | 'no') => {
  if (!button) return;
  button.textContent = (PUSH_TEXTS[lang] ?? PUSH_TEXTS.JP!)[key];
  button.disabled = true;
};
subscribe().then(
  () => say('ok'),
  () => say('no'),
);
