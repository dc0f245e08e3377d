import { pages } from '@campus/contract/pages';
import type { Course, CourseWithOwner } from '@campus/contract/courses';
import type { User } from '@campus/contract/users';
import * as Tabs from './Tabs';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { SuccessBanner } from '../../components/Banner';
import { preloadConfirmDialog } from '../../components/ConfirmAction';
import { usePageLoad } from '../../components/PageLoad';
import { Spinner } from '../../components/Spinner';
import { RequireUser } from '../auth';
import { ClassworkTab, StreamTab } from '../coursework';
import { useCourse } from './api/course';
import { isClassTab, isOwnerTab, tabOf, type TabName } from './course-tabs';
import { EnrolledTab } from './EnrolledTab';
import { MembershipButton } from './MembershipButton';
import { JoinFirst, NotesTab } from './NotesTab';
import { isEnrolled, courseRole, type CourseRole } from './roles';
import { TabStrip } from './TabStrip';
import { Thumbnail } from '../../components/Thumbnail';
import { formatExamDay, formatMomentDay } from '../../lib/dates';

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

/** /course/:courseId[/:tab]: the course with its tabs (docs/product.md#courses). */
export default function CoursePage() {
  const { courseId = '', tab } = useParams();
  return <RequireUser>{(user) => <CourseView key={courseId} courseId={courseId} segment={tab} user={user} />}</RequireUser>;
}

function CourseView({ courseId, segment, user }: { courseId: string; segment: string | undefined; user: User }) {
  const navigate = useNavigate();
  const { key: entry } = useLocation();
  /**
   * The tab chosen on this history entry, shown at once. The router moves to the tab's address in
   * a transition, which React holds back while anything it renders is still loading (an owner
   * tab's code on a slow phone): a tab that waited for it would look as if the tap did nothing.
   * Once the address changes (this choice, Back, a link), the address says which tab is open.
   */
  const [chosen, setChosen] = useState<{ entry: string; tab: TabName } | null>(null);
  const role = courseRole(user);
  const q = useCourse(courseId);
  const [saved, setSaved] = useState<string | null>(null);
  const owner = q.data?.course.owner === user._id;
  // The class (the owner and enrolled students) has the Stream and Classwork tabs.
  const member = owner || (q.data !== undefined && role === 'student' && isEnrolled(q.data.course.students, user._id));
  const page = usePageLoad(q, {
    title: (data) => data.course.title,
    loadingTitle: 'Course',
    notFound: { title: 'Course not found', detail: 'It may have been deleted.', back: { to: pages.allCourses, label: 'All Courses' } },
    errorMessage: 'Error fetching course. Please try again later.',
    loadingLabel: 'Loading course',
  });
  // Fetched while the owner reads the course, so opening a tab shows it at once.
  useEffect(() => {
    if (!owner) return;
    for (const load of Object.values(ownerTabs)) void load().catch(() => {});
    preloadConfirmDialog(); // removing a student, deleting a note
  }, [owner]);

  const addressed = tabOf(segment);
  // An address naming no tab, or an owner's (or the class's) tab for someone else: the course's first tab.
  if (addressed === null || (q.data && ((!owner && isOwnerTab(addressed)) || (!member && isClassTab(addressed))))) return <Navigate to={pages.course(courseId)} replace />;
  const tab = chosen?.entry === entry ? chosen.tab : addressed;

  if (page.screen) return page.screen;

  const data = page.data;
  const { course } = data;
  // Replace, not push: arrow keys move through the tabs, and each step is not a page to go Back to.
  const open = (next: TabName) => {
    setChosen({ entry, tab: next });
    void navigate(pages.course(courseId, next), { replace: true });
  };
  const switchTo = (next: string) => {
    open(next as TabName);
    setSaved(null); // a save's banner belongs to the moment after saving, not to every tab
  };

  return (
    <article className="flex flex-col gap-6">
      <CourseHeader data={data} />
      {saved && <SuccessBanner key={saved} message={saved} onDismiss={() => setSaved(null)} />}
      <Tabs.Root value={tab} onValueChange={switchTo} className="flex flex-col gap-4">
        <TabStrip label="Course sections" selected={tab}>
          <TabTrigger value="course">Course</TabTrigger>
          {member && (
            <>
              <TabTrigger value="stream">Stream</TabTrigger>
              <TabTrigger value="classwork">Classwork</TabTrigger>
            </>
          )}
          <TabTrigger value="enrolled">Enrolled</TabTrigger>
          <TabTrigger value="notes">Notes</TabTrigger>
          {owner && (
            <>
              <TabTrigger value="add-notes">Add Notes</TabTrigger>
              <TabTrigger value="edit-course">Edit Course</TabTrigger>
              <TabTrigger value="delete-course">Delete Course</TabTrigger>
            </>
          )}
        </TabStrip>
        <Panel value="course">
          <CourseTab data={data} user={user} role={role} />
        </Panel>
        {member && (
          <>
            <Panel value="stream" lazy>
              <StreamTab courseId={courseId} owner={owner} userId={user._id} />
            </Panel>
            <Panel value="classwork" lazy>
              <ClassworkTab courseId={courseId} owner={owner} />
            </Panel>
          </>
        )}
        <Panel value="enrolled">
          <EnrolledTab courseId={courseId} teacher={data.owner} owner={owner} />
        </Panel>
        <Panel value="notes">
          {role === 'student' && !isEnrolled(course.students, user._id) ? <JoinFirst /> : <NotesTab courseId={courseId} owner={owner} />}
        </Panel>
        {owner && (
          <>
            <Panel value="add-notes" lazy>
              <AddNotesTab
                courseId={courseId}
                onAdded={(message) => {
                  switchTo('notes');
                  setSaved(message);
                }}
              />
            </Panel>
            <Panel value="edit-course" lazy>
              <EditCourseTab
                course={course}
                onSaved={(message) => {
                  switchTo('course');
                  setSaved(message);
                }}
              />
            </Panel>
            <Panel value="delete-course" lazy>
              <DeleteCourseTab courseId={courseId} />
            </Panel>
          </>
        )}
      </Tabs.Root>
    </article>
  );
}

function TabTrigger({ value, children }: { value: TabName; children: ReactNode }) {
  return (
    <Tabs.Trigger
      value={value}
      className="-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-campus-700 focus-visible:outline-2 focus-visible:outline-campus-600 data-[state=active]:border-campus-600 data-[state=active]:text-campus-800"
    >
      {children}
    </Tabs.Trigger>
  );
}

/** A tab's panel; a `lazy` one (an owner's tab, its code loaded apart) holds a spinner in its place until its code is here. */
function Panel({ value, lazy: loadsApart = false, children }: { value: TabName; lazy?: boolean; children: ReactNode }) {
  return (
    <Tabs.Content value={value} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-campus-600 sm:p-6">
      {loadsApart ? <Suspense fallback={<Spinner label="Loading" />}>{children}</Suspense> : children}
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
      <p className="text-sm text-slate-600">{examDateLine(course)}</p>
      {course.examCentre && <p className="text-sm text-slate-600">Exam centre: {course.examCentre}</p>}
    </header>
  );
}

/**
 * "Exam date: Thu, 3 Dec 2026", and "· changed on 26 Nov 2026" once the date was moved, cleared
 * or set again after being cleared (the server gives `examDateChangedAt` only then: a date as
 * first set is no change to speak of). A cleared date reads "TBA · changed on …".
 */
function examDateLine(course: Pick<Course, 'examDate' | 'examDateChangedAt'>): string {
  const day = `Exam date: ${formatExamDay(course.examDate)}`;
  return course.examDateChangedAt ? `${day} · changed on ${formatMomentDay(course.examDateChangedAt)}` : day;
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
