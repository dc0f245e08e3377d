import { useState } from 'react';
import { deferred } from '../../lib/deferred';
import type LinkMenu from './LinkMenu';
import type { LinkMenuProps } from './LinkMenu';

/**
 * Radix's menu code weighs about 29 KB compressed, against 90 KB for everything else a logged-in
 * home page loads: it is fetched when a visitor first reaches for a menu, not with the page.
 */
const menuCode = deferred(() => import('./LinkMenu'));

/** Starts fetching the menus' code early (the small-screen Menu button, as it shows them). */
export const preloadMenus = menuCode.preload;

/** The keys on which Radix opens a menu from its trigger. */
const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * A header dropdown whose code is fetched on the first sign of interest (the pointer over it,
 * focus) rather than with the page. Until it first opens, a button that looks the same stands in:
 * a press or an opening key on it opens the menu as soon as the code is here. From then on it is
 * Radix's menu, which moves focus into the menu and back to its trigger.
 */
export function HeaderMenu(props: LinkMenuProps) {
  const [open, setOpen] = useState(false);
  const [Menu, setMenu] = useState<typeof LinkMenu | null>(null);
  const [byKey, setByKey] = useState(false);

  if (Menu) return <Menu {...props} open={open} onOpenChange={setOpen} openedByKey={byKey} />;

  const openOnArrival = (key = false) => {
    setByKey(key);
    setOpen(true);
    menuCode.get().then(
      (code) => setMenu(() => code.default),
      () => {}, // It stays the stand-in; the next press asks again.
    );
  };
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={props.triggerClassName}
      onPointerEnter={menuCode.preload}
      onFocus={menuCode.preload}
      // As Radix's trigger: the main button without Ctrl (a right click on macOS) opens it.
      onPointerDown={(e) => e.button === 0 && !e.ctrlKey && openOnArrival()}
      onKeyDown={(e) => OPENING_KEYS.includes(e.key) && openOnArrival(true)}
    >
      {props.trigger}
    </button>
  );
}
