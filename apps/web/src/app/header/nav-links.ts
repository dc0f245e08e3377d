import { isExamOffice, isProfessor, isStudent } from '../../features/auth/roles';
import type { StoredUser } from '../../lib/secure-store';

export interface NavLink {
  to: string;
  label: string;
}

/**
 * The header's links, by the spec's visibility rules (§2 "Header", §6): course items never for
 * the exam office; Add Course for other professors; Hall Ticket and Marksheet for students;
 * Applications for the exam office.
 */
export function navLinks(viewer: StoredUser | null, examOfficeId?: number): NavLink[] {
  const links: NavLink[] = [{ to: '/', label: 'Home' }];
  if (!viewer) {
    links.push({ to: '/login', label: 'Login' }, { to: '/student-signup', label: 'Signup' }, { to: '/teacher-signup', label: 'Teacher Signup' });
    return links;
  }
  const office = isExamOffice(viewer, examOfficeId);
  if (!office) links.push({ to: '/all-courses', label: 'Courses' }, { to: '/my-courses', label: 'My Courses' });
  if (isProfessor(viewer) && !office) links.push({ to: '/add-course', label: 'Add Course' });
  if (isStudent(viewer)) links.push({ to: '/hallticket', label: 'Hall Ticket' }, { to: '/marksheet', label: 'Marksheet' });
  if (office) links.push({ to: '/applications', label: 'Applications' });
  return links;
}

/** The Events dropdown, for everyone logged in. */
export const EVENT_LINKS: NavLink[] = [
  { to: '/my-events', label: 'My Events' },
  { to: '/events', label: 'All Events' },
  { to: '/today-events', label: 'Today' },
  { to: '/other-events', label: 'Other Events' },
  { to: '/add-event', label: 'Add Event' },
];
