import { lazy } from 'react';

/**
 * The course page's Stream and Classwork tabs (the owner and enrolled students), each its own
 * chunk with the coursework words, fetched when the tab is first shown: the course page's first
 * load does not grow with them.
 */
export const StreamTab = lazy(() => import('./StreamTab'));
export const ClassworkTab = lazy(() => import('./ClassworkTab'));
