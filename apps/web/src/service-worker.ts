/// <reference lib="webworker" />
// The service worker exists for one thing: on phones (Chrome on Android) a page cannot create a notification
// itself, only through its service worker. It caches nothing and never touches the network; a tap on a turn
// notification brings the table's tab back.

const worker = self as unknown as ServiceWorkerGlobalScope;

worker.addEventListener('install', () => void worker.skipWaiting());
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url;
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => url && w.url.endsWith(url)) ?? windows[0];
      if (open) return open.focus();
      return url ? worker.clients.openWindow(url).then(() => undefined) : undefined;
    }),
  );
});
