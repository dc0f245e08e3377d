/**
 * The course page's tabs, each with its own address (`/course/:id/notes`), so a reload, Back or
 * a shared link keeps the tab. The first tab is the bare `/course/:id`.
 */
export const READER_TABS = ['course', 'enrolled', 'notes'] as const;
export const OWNER_TABS = ['add-notes', 'edit-course', 'delete-course'] as const;
export type TabName = (typeof READER_TABS)[number] | (typeof OWNER_TABS)[number];

export const FIRST_TAB: TabName = 'course';

const ALL_TABS: readonly string[] = [...READER_TABS, ...OWNER_TABS];

/** The tab a path segment names, or null when it names none. */
export const tabOf = (segment: string | undefined): TabName | null =>
  segment === undefined ? FIRST_TAB : ALL_TABS.includes(segment) ? (segment as TabName) : null;

export const isOwnerTab = (tab: TabName) => (OWNER_TABS as readonly string[]).includes(tab);

/** The address of a course's tab. */
export const courseTabHref = (courseId: string, tab: TabName = FIRST_TAB) =>
  tab === FIRST_TAB ? `/course/${encodeURIComponent(courseId)}` : `/course/${encodeURIComponent(courseId)}/${tab}`;
