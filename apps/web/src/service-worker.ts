/// <reference lib="webworker" />
// The service worker shows notifications: a page's own "your turn" on phones (Chrome on Android lets a page show
// one only through its service worker), and Web Push messages from the server — a decision of yours opened, your
// game ended, a bot took your seat, or a digest of several tables — which arrive while no page of this site is
// open. It caches nothing and never touches the network; a tap opens (or brings back) the page the push names.

import type { PushPayload } from '@razzia/protocol/push';

const worker = self as unknown as ServiceWorkerGlobalScope;

worker.addEventListener('install', () => void worker.skipWaiting());
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener('push', (event) => {
  let payload: PushPayload | null = null;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    payload = null;
  }
  // A push must show something (browsers require it): an unreadable one says only that a table waits.
  const title = payload?.title ?? 'Razzia Online';
  const options: NotificationOptions & { renotify?: boolean } = {
    body: payload?.body ?? '',
    tag: payload?.tag ?? 'razzia',
    renotify: true,
    icon: '/favicon.svg',
    data: { url: payload?.url ?? '/' },
  };
  event.waitUntil(
    (async () => {
      await worker.registration.showNotification(title, options);
      // The app icon's count (the Badging API, where the browser has it): tables awaiting a decision.
      const badge = worker.navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void> };
      if (payload && payload.count > 0) await badge.setAppBadge?.(payload.count).catch(() => undefined);
    })(),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url;
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => url && w.url.endsWith(url)) ?? (url ? undefined : windows[0]);
      if (open) return open.focus();
      return url ? worker.clients.openWindow(url).then(() => undefined) : undefined;
    }),
  );
});
