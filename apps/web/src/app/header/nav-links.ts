import { isExamOffice, isProfessor, isStudent } from '../../features/auth';
import type { StoredUser } from '../../lib/secure-store';

export interface NavLink {
  to: string;
  label: string;
}

/**
 * The header's links by their visibility rules (docs/product.md#header): Login and both signups
 * only when logged out; course items never for the exam office; Add Course for the other
 * professors; Admit Card (the hall ticket, at /hallticket) and Marksheet for students;
 * Applications for the exam office.
 */
export function navLinks(viewer: StoredUser | null): NavLink[] {
  const links: NavLink[] = [{ to: '/', label: 'Home' }];
  if (!viewer) {
    links.push({ to: '/login', label: 'Login' }, { to: '/student-signup', label: 'Signup' }, { to: '/teacher-signup', label: 'Professor Signup' });
    return links;
  }
  const office = isExamOffice(viewer);
  if (!office) links.push({ to: '/all-courses', label: 'Courses' }, { to: '/my-courses', label: 'My Courses' });
  if (isProfessor(viewer) && !office) links.push({ to: '/add-course', label: 'Add Course' });
  if (isStudent(viewer)) links.push({ to: '/hallticket', label: 'Admit Card' }, { to: '/marksheet', label: 'Marksheet' });
  if (office) links.push({ to: '/applications', label: 'Applications' });
  return links;
}

/** The Events dropdown, for everyone logged in: the event pages, and the feed that carries them into a calendar app. */
export const EVENT_LINKS: NavLink[] = [
  { to: '/my-events', label: 'My Events' },
  { to: '/events', label: 'All Events' },
  { to: '/today-events', label: 'Today' },
  { to: '/other-events', label: 'Other Events' },
  { to: '/add-event', label: 'Add Event' },
  { to: '/calendar', label: 'Calendar feed' },
];

/** The account menu under the user badge. */
export const ACCOUNT_LINKS: NavLink[] = [
  { to: '/update-account', label: 'Profile' },
  { to: '/change-password', label: 'Change password' },
];
