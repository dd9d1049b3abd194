// The query keys of system notifications, apart from the API module so that the header's bell
// (in the signed-in shell's chunk) can name its cache entry without loading the contracts.

export const notificationKeys = {
  all: ['system-notifications'] as const,
  lists: ['system-notifications', 'list'] as const,
  list: (query: unknown) => ['system-notifications', 'list', query] as const,
  detail: (id: string) => ['system-notifications', 'detail', id] as const,
  /** The bell's answer: the caller's current notifications and the unread count. */
  show: ['system-notifications', 'show'] as const,
};
