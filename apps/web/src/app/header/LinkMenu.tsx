import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
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
}

/**
 * A dropdown of links (Radix: keyboard and screen-reader support), its own chunk with Radix.
 * HeaderMenu renders it once its button is first pressed, and keeps its open state.
 */
export default function LinkMenu({ trigger, triggerClassName, links, align, onNavigate, open, onOpenChange }: LinkMenuProps & OpenState) {
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger className={triggerClassName}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content sideOffset={6} align={align} className={menuContentClass}>
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
