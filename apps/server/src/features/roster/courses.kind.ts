import { ROLES, pages } from '@campus/contract';
import { sql } from 'drizzle-orm';
import { auditEntries, courses, enrollments, rosterCourseRows, users } from '../../db/schema';
import { eachTheirOwn } from '../notifications';
import { compareRows, errorsOf, fieldChange, importOf, stagedRows, type RosterKind } from './roster-kind';

const staged = (importId: string) => stagedRows(rosterCourseRows, importId);

/** A course's page, as a notification links to it, in SQL: the contract's link with the id put in. */
export const courseLink = (id: string) => sql`(${pages.course('')}::text || ${sql.raw(id)})`;

/** The audit entry's `import` and `course` for a row of this file. */
const details = (importId: string, action: 'create' | 'update', course: string) =>
  sql`jsonb_build_object('import', ${importOf(importId, 'courses', action)},
    'course', jsonb_build_object('_id', ${sql.raw(course)}.id, 'coursenumber', ${sql.raw(course)}.coursenumber, 'title', ${sql.raw(course)}.title))`;

/** An `HH:MM` column as the admit card prints it (`09:30 AM`), in SQL. */
const twelveHour = (column: string) => sql.raw(`to_char(date '2000-01-01' + ${column}::time, 'HH12:MI AM')`);

/**
 * Whether a staged row changes the exam's day or times (both times come together: the row's
 * schema holds them so), in SQL over `s` (the staged row) and `c` (the course).
 */
const examMoved = sql.raw(`((s.exam_date is not null and s.exam_date is distinct from c.exam_date)
  or (s.exam_start is not null and (s.exam_start, s.exam_end) is distinct from (c.exam_start, c.exam_end)))`);

/**
 * The registrar's courses, keyed by course number, each with its owner (a professor's
 * registration id) and, when given, its exam date, times and centre. A new course tells its owner
 * (not its cohort: see `apply`); a moved exam date or time tells its enrolled students, as
 * editing one does, and counts as a change of the exam (the calendar feed's revision). An empty
 * exam date, pair of times or centre leaves the course's own as it is.
 */
export const coursesKind: RosterKind<'courses'> = {
  table: rosterCourseRows,

  stage: (importId, line, row) => ({
    importId,
    line,
    coursenumber: row.coursenumber,
    title: row.title,
    description: row.description,
    semester: row.semester,
    branch: row.branch,
    owner: row.owner,
    examDate: row.examDate ?? null,
    examStart: row.examStart ?? null,
    examEnd: row.examEnd ?? null,
    examCentre: row.examCentre ?? null,
  }),

  check: (db, importId, { today }) =>
    errorsOf(
      db,
      sql`
      with s as ${staged(importId)},
      firsts as (select coursenumber, min(line) as first from s group by coursenumber having count(*) > 1)
      select s.line, 'coursenumber' as column, 'roster_duplicate' as code, jsonb_build_object('value', s.coursenumber, 'first', f.first) as params
        from s join firsts f using (coursenumber) where s.line > f.first
      union all
      select s.line, 'owner', 'roster_no_account', jsonb_build_object('registrationId', s.owner)
        from s where not exists (select 1 from ${users} u where u.registration_id = s.owner)
      union all
      select s.line, 'owner', 'roster_not_professor', jsonb_build_object('registrationId', s.owner)
        from s join ${users} u on u.registration_id = s.owner where u.userrole <> ${ROLES.PROFESSOR} or u.is_exam_office
      union all
      -- A new or moved exam date may not be in the past; an old course's unchanged date may.
      select s.line, 'examDate', 'exam_date_in_past', null
        from s left join ${courses} c using (coursenumber)
        where s.exam_date < ${today()}::date and c.exam_date is distinct from s.exam_date
      order by 1`,
    ),

  compare: (db, importId) =>
    compareRows(db, rosterCourseRows, importId, {
      from: sql`${staged(importId)} s join ${users} o on o.registration_id = s.owner left join ${courses} c using (coursenumber)`,
      existing: 'c.id',
      created: sql`array['coursenumber', 'title', 'description', 'semester', 'branch', 'owner']
        || case when s.exam_date is null then array[]::text[] else array['examDate'] end
        || case when s.exam_start is null then array[]::text[] else array['examStart', 'examEnd'] end
        || case when s.exam_centre is null then array[]::text[] else array['examCentre'] end`,
      changed: [
        sql`case when c.title is distinct from s.title then 'title' end`,
        sql`case when c.description is distinct from s.description then 'description' end`,
        sql`case when c.semester is distinct from s.semester then 'semester' end`,
        sql`case when c.branch is distinct from s.branch then 'branch' end`,
        sql`case when c.owner_id is distinct from o.id then 'owner' end`,
        sql`case when s.exam_date is not null and c.exam_date is distinct from s.exam_date then 'examDate' end`,
        sql`case when s.exam_start is not null and c.exam_start is distinct from s.exam_start then 'examStart' end`,
        sql`case when s.exam_end is not null and c.exam_end is distinct from s.exam_end then 'examEnd' end`,
        sql`case when s.exam_centre is not null and c.exam_centre is distinct from s.exam_centre then 'examCentre' end`,
      ],
    }),

  async apply(tx, { importId, ip }, { notify }) {
    const updating = sql`${staged(importId)} s join ${courses} c using (coursenumber) join ${users} o on o.registration_id = s.owner where s.action = 'update'`;
    await tx.execute(sql`
      insert into ${auditEntries} (action, actor_id, target_id, details, ip)
      select 'import.applied', null, o.id, ${details(importId, 'update', 'c')} || jsonb_build_object('changes', jsonb_strip_nulls(jsonb_build_object(
        'title', ${fieldChange('c.title', 's.title')},
        'description', ${fieldChange('c.description', 's.description')},
        'semester', ${fieldChange('c.semester', 's.semester')},
        'branch', ${fieldChange('c.branch', 's.branch')},
        'owner', ${fieldChange('c.owner_id', 'o.id')},
        'examDate', ${fieldChange('c.exam_date', 'coalesce(s.exam_date, c.exam_date)')},
        'examStart', ${fieldChange('c.exam_start', 'coalesce(s.exam_start, c.exam_start)')},
        'examEnd', ${fieldChange('c.exam_end', 'coalesce(s.exam_end, c.exam_end)')},
        'examCentre', ${fieldChange('c.exam_centre', 'coalesce(s.exam_centre, c.exam_centre)')}))), ${ip}
      from ${updating}`);
    // Enrolled students hear of a moved exam date or time (kind `exams`), before the row forgets the
    // old one: a card printed before lists the old day and hours, so the news links to the admit
    // card (decision 0032). Times of an exam with no day tell nobody anything.
    await notify.each(
      tx,
      eachTheirOwn(sql`
        select e.student_id,
          format('The exam of "%s" is now on %s%s: download your admit card again', s.title,
            to_char(coalesce(s.exam_date, c.exam_date), 'FMDay, FMDD FMMonth YYYY'),
            case when coalesce(s.exam_start, c.exam_start) is null then ''
              else ' (' || ${twelveHour('coalesce(s.exam_start, c.exam_start)')} || ' to ' || ${twelveHour('coalesce(s.exam_end, c.exam_end)')} || ')' end),
          ${pages.hallTicket}::text
        from ${staged(importId)} s
        join ${courses} c using (coursenumber)
        join ${enrollments} e on e.course_id = c.id
        where s.action = 'update' and ${examMoved} and coalesce(s.exam_date, c.exam_date) is not null`),
      'exams',
    );
    await tx.execute(sql`
      update ${courses} c set title = s.title, description = s.description, semester = s.semester, branch = s.branch, owner_id = o.id,
        exam_date = coalesce(s.exam_date, c.exam_date),
        exam_start = coalesce(s.exam_start, c.exam_start), exam_end = coalesce(s.exam_end, c.exam_end),
        exam_centre = coalesce(s.exam_centre, c.exam_centre),
        exam_date_revision = c.exam_date_revision + case when ${examMoved} and coalesce(s.exam_date, c.exam_date) is not null then 1 else 0 end,
        exam_date_changed_at = case
          when s.exam_date is not null and c.exam_date is not null and s.exam_date <> c.exam_date then now()
          when s.exam_start is not null and c.exam_start is not null and (s.exam_start, s.exam_end) <> (c.exam_start, c.exam_end) then now()
          else c.exam_date_changed_at end,
        updated_at = now()
      from ${staged(importId)} s join ${users} o on o.registration_id = s.owner
      where s.action = 'update' and c.coursenumber = s.coursenumber`);
    await tx.execute(sql`
      with made as (
        insert into ${courses} (id, title, description, coursenumber, semester, branch, owner_id, exam_date, exam_start, exam_end, exam_centre)
        select gen_random_uuid(), s.title, s.description, s.coursenumber, s.semester, s.branch, o.id, s.exam_date, s.exam_start, s.exam_end, s.exam_centre
        from ${staged(importId)} s join ${users} o on o.registration_id = s.owner where s.action = 'create'
        returning id, coursenumber, title, owner_id
      )
      insert into ${auditEntries} (action, actor_id, target_id, details, ip)
      select 'import.applied', null, made.owner_id, ${details(importId, 'create', 'made')}, ${ip} from made`);
    // Each new course's owner hears of it, once. Its cohort is not told: at the start of a term
    // the registrar loads the whole catalogue, and each student would get dozens of notices for
    // courses they may never take; the enrolments file tells each student of their own courses.
    await notify.each(
      tx,
      eachTheirOwn(sql`
        select c.owner_id, format('The registrar''s roster gave you the course "%s" (%s, semester %s)', s.title, s.branch, s.semester), ${courseLink('c.id')}
        from ${staged(importId)} s
        join ${courses} c using (coursenumber)
        where s.action = 'create'`),
      'courses',
    );
    return { deactivated: [] };
  },
};
