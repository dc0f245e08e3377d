import { COURSE_TABS, type CourseTab } from '@campus/contract/pages';

/**
 * The course page's tabs (the contract's COURSE_TABS), each with its own address
 * (`/course/:id/notes`), so a reload, Back or a shared link keeps the tab. The first tab is the
 * bare `/course/:id`. The owner's alone: */
const OWNER_TABS = ['add-notes', 'edit-course', 'delete-course'] as const satisfies readonly CourseTab[];
/** The class's: the owner's and the enrolled students' (coursework), nobody else's. */
const CLASS_TABS = ['stream', 'classwork'] as const satisfies readonly CourseTab[];
export type TabName = CourseTab;

const FIRST_TAB: TabName = 'course';

const ALL_TABS: readonly string[] = COURSE_TABS;

/** The tab a path segment names, or null when it names none. */
export const tabOf = (segment: string | undefined): TabName | null =>
  segment === undefined ? FIRST_TAB : ALL_TABS.includes(segment) ? (segment as TabName) : null;

export const isOwnerTab = (tab: TabName) => (OWNER_TABS as readonly string[]).includes(tab);

export const isClassTab = (tab: TabName) => (CLASS_TABS as readonly string[]).includes(tab);
