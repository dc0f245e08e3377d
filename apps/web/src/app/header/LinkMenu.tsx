import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { NavLink } from './nav-links';
import { menuContentClass, menuItemClass } from './styles';

export interface LinkMenuProps {
  /** What the trigger button shows, which also names it. */
  trigger: ReactNode;
  triggerClassName: string;
  links: NavLink[];
  align: 'start' | 'end';
  onNavigate?: () => void;
}

interface OpenState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The stand-in was opened from the keyboard, before Radix was here to see it: its first item gets focus. */
  openedByKey?: boolean;
}

/** What can take focus with Tab, in document order. */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** The element Tab reaches after `from`, outside any open menu (the menu is portalled to the end of the page). */
function nextTabbable(from: HTMLElement): HTMLElement | undefined {
  const order = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && !el.closest('[role="menu"]') && !el.closest('[hidden], [inert]'));
  return order[order.indexOf(from) + 1];
}

/**
 * A dropdown of links (Radix: keyboard and screen-reader support), its own chunk with Radix.
 * HeaderMenu renders it once its button is first pressed, and keeps its open state.
 *
 * The WAI-ARIA menu button: Enter, Space or ArrowDown open it on its first item, the arrows move,
 * Escape closes it and gives focus back to the button. Tab closes it and moves on to what follows
 * the button (Shift+Tab: back to the button); Radix keeps focus in an open menu on Tab, which left
 * a keyboard user stuck in it.
 */
export default function LinkMenu({ trigger, triggerClassName, links, align, onNavigate, open, onOpenChange, openedByKey = false }: LinkMenuProps & OpenState) {
  const button = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // Radix sees a keyboard only from its own keydown listener, which the stand-in's key press came before.
  const firstByKey = useRef(openedByKey);
  // Set by Tab in the menu: where focus goes once it has closed, instead of back to the button.
  const tabbedTo = useRef<HTMLElement | undefined>(undefined);
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger ref={button} className={triggerClassName}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={content}
          // Radix focuses the menu itself as it opens: from the keyboard, the first item instead.
          onFocus={(e) => {
            if (!firstByKey.current || e.target !== content.current) return;
            firstByKey.current = false;
            content.current.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
          sideOffset={6}
          align={align}
          className={menuContentClass}
          onKeyDown={(e) => {
            if (e.key !== 'Tab') return;
            // Handled here, so Radix's own Tab handling (keeping focus in the menu) does not run.
            e.preventDefault();
            tabbedTo.current = !e.shiftKey && button.current ? nextTabbable(button.current) : undefined;
            onOpenChange(false);
          }}
          onCloseAutoFocus={(e) => {
            const next = tabbedTo.current;
            tabbedTo.current = undefined;
            if (!next) return;
            e.preventDefault();
            next.focus();
          }}
        >
          {links.map((link) => (
            <DropdownMenu.Item key={link.to} asChild className={menuItemClass}>
              <Link to={link.to} onClick={onNavigate}>
                {link.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
