/** Class lists shared by the header's links and menus, so they line up on every screen size. */
export const navItemClass =
  'block rounded-md px-3 py-2 text-sm font-medium text-white hover:bg-campus-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export const menuContentClass = 'z-50 min-w-44 rounded-lg bg-white p-1 text-slate-800 shadow-lg ring-1 ring-slate-200';

export const menuItemClass = 'block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-campus-50 data-[highlighted]:text-campus-900';
