import type { TSystemNotification } from '@swipe/contracts/communications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TEnvelope } from '../../app/api-client';
import { notificationKeys } from './notification-keys';
import { type TShowAnswer, withRead } from './notification-rules';
import { notificationsApi } from './system-notifications-api';

/**
 * Marks a received notification read once it is on screen (PUT mark_as_read), then brings the
 * bell's count and dot, and the list's mark, up to date without waiting for the next poll.
 */
export function useMarkReadOnOpen(notification: TSystemNotification | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const done = useRef(new Set<string>());
  const mark = useMutation({
    mutationFn: (ids: string[]) => notificationsApi.markAsRead(ids, { toast: false }),
    onSuccess: ({ data }, ids) => {
      queryClient.setQueryData<TShowAnswer>(notificationKeys.show, (old) =>
        old ? withRead(old, ids, data.unread) : old,
      );
      const read = (n: TSystemNotification) => (ids.includes(n.id) ? { ...n, read: true } : n);
      queryClient.setQueriesData<TEnvelope<TSystemNotification[]>>(
        { queryKey: notificationKeys.lists },
        (old) => (old ? { ...old, data: old.data.map(read) } : old),
      );
      for (const id of ids)
        queryClient.setQueryData<TEnvelope<TSystemNotification>>(notificationKeys.detail(id), (old) =>
          old ? { ...old, data: read(old.data) } : old,
        );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.show });
    },
    // Not marked this time: the next opening tries again.
    onError: (_error, ids) => {
      for (const id of ids) done.current.delete(id);
    },
  });
  const { mutate } = mark;
  const id = notification?.id;
  const unread = notification !== undefined && !notification.read;
  useEffect(() => {
    if (!enabled || !id || !unread || done.current.has(id)) return;
    done.current.add(id);
    mutate([id]);
  }, [enabled, id, unread, mutate]);
}
