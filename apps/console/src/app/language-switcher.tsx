import { type ComponentType, useState } from 'react';
import { LanguageButton } from './language-button';
import type { LanguageMenu as TLanguageMenu } from './language-menu';

// The menu (and the floating-ui positioning behind it) is fetched when the user reaches for the
// button (pointer over it, focus, press), not with the first screen. Until it is there the same
// button stands in: a press opens the menu as soon as it arrives, and focus is handed over. The
// press is taken at pointer-down, since the stand-in may be gone by the time the click lands.
type TMenu = ComponentType<Parameters<typeof TLanguageMenu>[0]>;
let loaded: TMenu | null = null;
let loading: Promise<TMenu> | null = null;
const loadMenu = () => {
  loading ??= import('./language-menu').then(
    (m) => {
      loaded = m.LanguageMenu;
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
};

/** en / ja / cn / kr, each under its own native name (see language-menu.tsx). */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const [Menu, setMenu] = useState<TMenu | null>(() => loaded);
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState(false);
  if (Menu) return <Menu compact={compact} defaultOpened={open} autoFocus={focus} />;

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
    <LanguageButton
      compact={compact}
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
