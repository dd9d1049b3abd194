import type { TRoutePrefix } from '@swipe/contracts/roles';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { loadFeatureTexts } from '../../i18n/i18n';
import { BellButton } from './bell-button';
import type { BellMenu as TBellMenu } from './bell-menu';
import { notificationKeys } from './notification-keys';
import type { TShowAnswer } from './notification-rules';

// The bell of the signed-in header, for every operator: the unread count of the system
// notifications addressed to them, asked every minute and when the window gets the focus again.
// The header is on every signed-in screen, so what it holds is kept small: the API (and the
// contracts it checks answers with) arrive with the first poll, and the dropdown (the menu, the
// floating-ui positioning and the list) when the user reaches for the button, as the language
// menu does (language-switcher.tsx): until then the same button stands in.

export const BELL_POLL_MS = 60_000;

type TMenu = ComponentType<Parameters<typeof TBellMenu>[0]>;
let loaded: TMenu | null = null;
let loading: Promise<TMenu> | null = null;
const loadMenu = () => {
  loading ??= Promise.all([import('./bell-menu'), loadFeatureTexts()]).then(
    ([m]) => {
      loaded = m.BellMenu;
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
};

/** The caller's current notifications and unread count, polled (shared with the dropdown). */
export function useBell() {
  return useQuery({
    queryKey: notificationKeys.show,
    queryFn: async ({ signal }): Promise<TShowAnswer> => {
      const { notificationsApi } = await import('./system-notifications-api');
      // A failed poll says nothing: the next one tries again, and the dropdown says it failed.
      return (await notificationsApi.show({ signal, toast: false })).data;
    },
    refetchInterval: BELL_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
}

export function NotificationBell({ prefix }: { prefix: TRoutePrefix }) {
  const bell = useBell();
  const unread = bell.data?.unread ?? 0;
  const [Menu, setMenu] = useState<TMenu | null>(() => loaded);
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState(false);
  if (Menu) return <Menu prefix={prefix} defaultOpened={open} autoFocus={focus} />;

  const fetchMenu = () =>
    void loadMenu().then(
      (menu) => setMenu(() => menu),
      () => undefined,
    );
  const press = () => {
    setOpen(true);
    fetchMenu();
  };
  return (
    <BellButton
      unread={unread}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={fetchMenu}
      onPointerDown={press}
      onClick={press}
      onFocus={() => {
        setFocus(true);
        fetchMenu();
      }}
      onBlur={() => setFocus(false)}
    />
  );
}
