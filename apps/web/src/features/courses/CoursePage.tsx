import type { CourseWithOwner } from '@campus/contract/courses';
import type { User } from '@campus/contract/users';
import * as Tabs from '@radix-ui/react-tabs';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { RequireUser } from '../auth';
import { useCourse } from './api/course';
import { EnrolledTab } from './EnrolledTab';
import { MembershipButton } from './MembershipButton';
import { JoinFirst, NotesTab } from './NotesTab';
import { isEnrolled, useCourseRole, type CourseRole } from './roles';
import { Thumbnail } from './Thumbnail';
import { usePageTitle } from '../../lib/use-page-title';
import { formatExamDay } from '../../lib/dates';

/**
 * The owner's tabs (forms, the upload, the delete dialog, with react-hook-form and the contract's
 * checks) load only for the owner: a student's course page never downloads them.
 */
const ownerTabs = {
  addNotes: () => import('./AddNotesTab'),
  editCourse: () => import('./EditCourseTab'),
  deleteCourse: () => import('./DeleteCourseTab'),
};
const AddNotesTab = lazy(() => ownerTabs.addNotes().then((m) => ({ default: m.AddNotesTab })));
const EditCourseTab = lazy(() => ownerTabs.editCourse().then((m) => ({ default: m.EditCourseTab })));
const DeleteCourseTab = lazy(() => ownerTabs.deleteCourse().then((m) => ({ default: m.DeleteCourseTab })));

/** /course/:courseId: the course with its tabs (spec §2 "Course detail", §4 "Course tabs"). */
export default function CoursePage() {
  const { courseId = '' } = useParams();
  return <RequireUser>{(user) => <CourseFor key={courseId} courseId={courseId} user={user} />}</RequireUser>;
}

/**
 * Once the course is deleted only the success banner remains: the view that reads the course is
 * unmounted first, so the forgotten course is never asked for again (it would be a 404).
 */
function CourseFor({ courseId, user }: { courseId: string; user: User }) {
  const navigate = useNavigate();
  const [deleted, setDeleted] = useState<string | null>(null);
  if (deleted !== null) {
    return (
      <section className="mx-auto max-w-lg">
        <SuccessBanner message={deleted} onDismiss={() => navigate('/my-courses')} />
      </section>
    );
  }
  return <CourseView courseId={courseId} user={user} onDeleted={setDeleted} />;
}

type Tab = 'course' | 'students' | 'notes' | 'addnotes' | 'editcourse' | 'deletecourse';

function CourseView({ courseId, user, onDeleted }: { courseId: string; user: User; onDeleted: (message: string) => void }) {
  const role = useCourseRole(user);
  const q = useCourse(courseId);
  const [tab, setTab] = useState<Tab>('course');
  const [saved, setSaved] = useState<string | null>(null);
  const owner = q.data?.course.owner === user._id;
  const missing = q.error instanceof ApiError && q.error.status === 404;
  usePageTitle(q.data?.course.title ?? (missing ? 'Course not found' : 'Course'));
  // Fetched while the owner reads the course, so opening a tab shows it at once.
  useEffect(() => {
    if (owner) for (const load of Object.values(ownerTabs)) void load().catch(() => {});
  }, [owner]);

  if (q.isError) {
    if (missing) {
      return (
        <section className="mx-auto max-w-md py-16 text-center">
          <h1 className="text-2xl font-semibold text-campus-900">Course not found</h1>
          <p className="mt-2 text-slate-600">It may have been deleted.</p>
          <Link to="/all-courses" className="mt-6 inline-block text-campus-700 underline">
            All Courses
          </Link>
        </section>
      );
    }
    return <ErrorBanner message="Error fetching course. Please try again later." />;
  }
  if (!q.data) return <Spinner label="Loading course" />;

  const { course } = q.data;
  const switchTo = (next: string) => {
    setTab(next as Tab);
    setSaved(null); // the edit's banner belongs to the moment after saving, not to every tab
  };

  return (
    <article className="flex flex-col gap-6">
      <CourseHeader data={q.data} />
      {saved && <SuccessBanner key={saved} message={saved} onDismiss={() => setSaved(null)} />}
      <Tabs.Root value={tab} onValueChange={switchTo} className="flex flex-col gap-4">
        <Tabs.List aria-label="Course sections" className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0">
          <TabTrigger value="course">Course</TabTrigger>
          <TabTrigger value="students">Enrolled</TabTrigger>
          <TabTrigger value="notes">Notes</TabTrigger>
          {owner && (
            <>
              <TabTrigger value="addnotes">Add Notes</TabTrigger>
              <TabTrigger value="editcourse">Edit Course</TabTrigger>
              <TabTrigger value="deletecourse">Delete Course</TabTrigger>
            </>
          )}
        </Tabs.List>
        <Panel value="course">
          <CourseTab data={q.data} user={user} role={role} />
        </Panel>
        <Panel value="students">
          <EnrolledTab courseId={courseId} teacher={q.data.owner} owner={owner} />
        </Panel>
        <Panel value="notes">
          {role === 'student' && !isEnrolled(course.students, user._id) ? (
            <JoinFirst />
          ) : (
            <NotesTab courseId={courseId} />
          )}
        </Panel>
        {owner && (
          <Suspense fallback={<Spinner label="Loading" />}>
            <Panel value="addnotes">
              <AddNotesTab courseId={courseId} onDone={() => switchTo('notes')} />
            </Panel>
            <Panel value="editcourse">
              <EditCourseTab
                course={course}
                onSaved={(message) => {
                  switchTo('course');
                  setSaved(message);
                }}
              />
            </Panel>
            <Panel value="deletecourse">
              <DeleteCourseTab courseId={courseId} onDeleted={onDeleted} />
            </Panel>
          </Suspense>
        )}
      </Tabs.Root>
    </article>
  );
}

function TabTrigger({ value, children }: { value: Tab; children: ReactNode }) {
  return (
    <Tabs.Trigger
      value={value}
      className="-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-campus-700 focus-visible:outline-2 focus-visible:outline-campus-600 data-[state=active]:border-campus-600 data-[state=active]:text-campus-800"
    >
      {children}
    </Tabs.Trigger>
  );
}

function Panel({ value, children }: { value: Tab; children: ReactNode }) {
  return (
    <Tabs.Content value={value} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-campus-600 sm:p-6">
      {children}
    </Tabs.Content>
  );
}

function CourseHeader({ data }: { data: CourseWithOwner }) {
  const { course, owner } = data;
  return (
    <header className="flex flex-col gap-1">
      <h1 className="break-words text-2xl font-bold text-campus-900 sm:text-3xl">{course.title}</h1>
      <p className="text-slate-700">By {owner}</p>
      <p className="text-sm text-slate-600">
        {course.branch} - {course.semester}
      </p>
      <p className="text-sm text-slate-600">Exam date: {formatExamDay(course.examDate)}</p>
    </header>
  );
}

function CourseTab({ data, user, role }: { data: CourseWithOwner; user: User; role: CourseRole }) {
  const { course } = data;
  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-start">
      <Thumbnail src={course.thumbnail} title={course.title} className="rounded-lg md:w-80 md:shrink-0" />
      <div className="flex min-w-0 flex-col gap-3">
        <p className="whitespace-pre-line break-words text-slate-800">{course.description}</p>
        <p className="text-sm text-slate-600">Course number: {course.coursenumber}</p>
        <p className="text-sm text-slate-600">Enrolled: {course.students.length}</p>
        {role === 'student' && <MembershipButton course={course} userId={user._id} className="self-start" />}
      </div>
    </div>
  );
}
