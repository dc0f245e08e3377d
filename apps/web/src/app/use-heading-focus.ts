import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its heading (its code and data loading) before we give up. */
const WAIT_FOR_HEADING_MS = 10_000;

/**
 * After each navigation inside the app, moves focus to the new page's main heading (its h1,
 * made focusable with tabIndex -1), so a screen reader announces the page and the next Tab
 * starts from the page rather than from the menu item that led there. One mechanism for every
 * page: the layout calls it, pages only need an h1.
 *
 * The first page load is left alone (the browser announces a loaded document itself, and the
 * skip link stays the first stop). A page still loading its code or data has no heading yet:
 * it is awaited. Focus the page has already put in its main area (a form's first field) wins.
 */
export function useHeadingFocusOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const firstPage = useRef(true);

  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    const area = main.current;
    if (!area) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const focusHeading = () => {
      const heading = area.querySelector('h1');
      if (!heading) return false;
      // A tick later, so that a closing menu's return of focus to its button comes first.
      timer = setTimeout(() => {
        const active = document.activeElement;
        if (active && active !== document.body && area.contains(active)) return;
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus();
      }, 0);
      return true;
    };
    if (focusHeading()) return () => clearTimeout(timer);
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const giveUp = setTimeout(() => stop(), WAIT_FOR_HEADING_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(giveUp);
    }
    observer.observe(area, { childList: true, subtree: true });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [pathname, main]);
}
