import { pages } from '@campus/contract/pages';
import { isAdmin, isExamOffice, isProfessor, isStudent } from '../../features/auth';
import type { StoredUser } from '../../lib/secure-store';

export interface NavLink {
  to: string;
  label: string;
}

/**
 * The header's links by their visibility rules (docs/product.md#header): Login and both signups
 * only when logged out, the signups only while signup is open (SIGNUP, /config's signupOpen); course items never for the exam office; Add Course for the other
 * professors; Admit Card (the hall ticket, at /hallticket), Marksheet and My marks (coursework's returned marks) for students;
 * Applications for the exam office; Administration for administrators, whatever else they are.
 */
export function navLinks(viewer: StoredUser | null, signupOpen = true): NavLink[] {
  const links: NavLink[] = [{ to: pages.home, label: 'Home' }];
  if (!viewer) {
    links.push({ to: pages.login, label: 'Login' });
    if (signupOpen) links.push({ to: pages.studentSignup, label: 'Signup' }, { to: pages.teacherSignup, label: 'Professor Signup' });
    return links;
  }
  const office = isExamOffice(viewer);
  if (!office) links.push({ to: pages.allCourses, label: 'Courses' }, { to: pages.myCourses, label: 'My Courses' });
  if (isProfessor(viewer) && !office) links.push({ to: pages.addCourse, label: 'Add Course' });
  if (isStudent(viewer)) links.push({ to: pages.hallTicket, label: 'Admit Card' }, { to: pages.marksheet, label: 'Marksheet' }, { to: pages.myMarks, label: 'My marks' });
  if (office) links.push({ to: pages.applications, label: 'Applications' });
  if (isAdmin(viewer)) links.push({ to: pages.adminUsers, label: 'Administration' });
  return links;
}

/** The Events dropdown, for everyone logged in: the event pages, and the feed that carries them into a calendar app. */
export const EVENT_LINKS: NavLink[] = [
  { to: pages.myEvents, label: 'My Events' },
  { to: pages.events, label: 'All Events' },
  { to: pages.todayEvents, label: 'Today' },
  { to: pages.otherEvents, label: 'Other Events' },
  { to: pages.addEvent, label: 'Add Event' },
  { to: pages.calendar, label: 'Calendar feed' },
];

/** The account menu under the user badge. */
export const ACCOUNT_LINKS: NavLink[] = [
  { to: pages.updateAccount, label: 'Profile' },
  { to: pages.changePassword, label: 'Change password' },
];
