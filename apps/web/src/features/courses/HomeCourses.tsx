import { pages } from '@campus/contract/pages';
import { ALL_BRANCHES } from '@campus/contract/constants';
import type { Course } from '@campus/contract/courses';
import { todayIn } from '@campus/contract/dates';
import { Link } from 'react-router';
import { DashboardCard, DashboardCardLoading } from '../../components/DashboardCard';
import { usePortalConfig } from '../../lib/config/portal-config';
import { isAdmin, isExamOffice, isStudent, useCurrentUser } from '../auth';
import { useMyCourses } from './api/list-courses';
import { formatDay } from '../../lib/dates';
import { coursesCard } from './home-slot';

/** The home card lists this many; "See all" leads to the rest. */
export const HOME_COURSES = 5;

/**
 * Soonest exam first among those still to come, then courses with no date yet, then those whose
 * exam is past: what a student needs to know first is the next exam.
 */
export function byNextExam(courses: Course[], today: string): Course[] {
  const rank = (c: Course) => (!c.examDate ? 1 : c.examDate >= today ? 0 : 2);
  return [...courses].sort((a, b) => rank(a) - rank(b) || (rank(a) === 2 ? (b.examDate ?? '').localeCompare(a.examDate ?? '') : (a.examDate ?? '').localeCompare(b.examDate ?? '')));
}

/**
 * The home page's "My courses" (a student's joined courses, a professor's own), each with its
 * exam date. Not for the exam office, which has no courses. It shares /my-courses' query.
 */
export default function HomeCourses() {
  const user = useCurrentUser();
  const config = usePortalConfig();
  const viewer = user.data;
  // The exam office has no courses; an administrator's home has its own cards (features/admin/home-slot.tsx).
  if (viewer && (isExamOffice(viewer) || isAdmin(viewer))) return null;
  // Until the server has confirmed the user and the campus day is known, the card stays in its
  // place, loading: gone and back a moment later, it pushed everything below it down (layout shift).
  if (!viewer || !config.data) return user.isPending || config.isPending ? <DashboardCardLoading {...coursesCard} /> : null;
  return <CoursesCard role={isStudent(viewer) ? 'student' : 'professor'} today={todayIn(config.data.campusTimeZone)} />;
}

function CoursesCard({ role, today }: { role: 'student' | 'professor'; today: string }) {
  const courses = useMyCourses(role, 9, ALL_BRANCHES);
  return (
    <DashboardCard {...coursesCard} query={courses}>
      {() => {
        const list = byNextExam(courses.data ?? [], today).slice(0, HOME_COURSES);
        if (list.length === 0) {
          return (
            <p className="text-slate-600">
              {role === 'student' ? 'You have not joined a course yet. ' : 'You do not teach a course yet. '}
              <Link to={role === 'student' ? pages.allCourses : pages.addCourse} className="font-medium text-campus-700 underline">
                {role === 'student' ? 'Browse courses' : 'Add a course'}
              </Link>
            </p>
          );
        }
        return (
          <ul className="flex flex-col divide-y divide-slate-100">
            {list.map((c) => (
              <li key={c._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <Link to={pages.course(c._id)} className="font-medium text-campus-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-campus-600">
                  {c.title}
                </Link>
                <span className="text-sm text-slate-600">
                  {c.examDate ? (
                    <>
                      {c.examDate >= today ? 'Exam' : 'Exam was'} <time dateTime={c.examDate}>{formatDay(c.examDate, { weekday: true })}</time>
                    </>
                  ) : (
                    'Exam date not set'
                  )}
                </span>
              </li>
            ))}
          </ul>
        );
      }}
    </DashboardCard>
  );
}
