import { useEffect } from 'react';

/**
 * Names the browser tab after the page shown ("All Courses · Campus Portal"), so tabs, history
 * and a screen reader's announcement of the new page say where the user is. Every page calls it.
 */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} · Campus Portal`;
  }, [title]);
}
