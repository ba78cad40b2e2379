import { useNotifications } from '@mantine/notifications';
import { useIsMutating } from '@tanstack/react-query';
import { Suspense, lazy, useRef } from 'react';
import { loadChunk } from '@/app/routes/lazy-page';

const NotificationsHost = lazy(() => loadChunk(() => import('./notifications-host')));

/**
 * Toasts of the signed-in pages. Pages call `notifications.show()` (the store is tiny), after a save; the
 * container, with its animation and swipe code, loads when the first save starts (so it is there when the
 * answer comes) or with the first notification, and then stays.
 */
export function NotificationsOutlet() {
  const { notifications, queue } = useNotifications();
  const saving = useIsMutating() > 0;
  const needed = useRef(false);
  if (saving || notifications.length > 0 || queue.length > 0) needed.current = true;
  if (!needed.current) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
