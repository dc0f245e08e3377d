import { ROLES } from '@campus/contract';
import { sql } from 'drizzle-orm';
import { auditEntries, courses, enrollments, rosterEnrolmentRows, users } from '../../db/schema';
import { eachTheirOwn } from '../notifications';
import { courseLink } from './courses.kind';
import { errorsOf, importOf, stagedRows, type RosterKind } from './roster-kind';

const staged = (importId: string) => stagedRows(rosterEnrolmentRows, importId);

/** The staged rows that do `action`, with their course and student. */
const doing = (importId: string, action: 'create' | 'remove') =>
  sql`${staged(importId)} s join ${courses} c using (coursenumber) join ${users} u using (registration_id) where s.action = ${action}`;

/** The audit entry's `import` and `course` for an enrolment made or ended. */
const details = (importId: string, action: 'create' | 'remove') =>
  sql`jsonb_build_object('import', ${importOf(importId, 'enrolments', action)},
    'course', jsonb_build_object('_id', c.id, 'coursenumber', c.coursenumber, 'title', c.title))`;

/**
 * Who is in which course: `active` enrols the student, `removed` takes them out. Each change is
 * one statement for the whole file (never a row at a time), audited on the student's record,
 * and told as joining and removal are: the course's owner hears who joined, the student that
 * they were enrolled or removed.
 */
export const enrolmentsKind: RosterKind<'enrolments'> = {
  table: rosterEnrolmentRows,

  stage: (importId, line, row) => ({ importId, line, coursenumber: row.coursenumber, registrationId: row.registrationId, enrolled: row.status === 'active' }),

  check: (db, importId) =>
    errorsOf(
      db,
      sql`
      with s as ${staged(importId)},
      firsts as (select coursenumber, registration_id, min(line) as first from s group by coursenumber, registration_id having count(*) > 1)
      select s.line, 'registrationId' as column, 'roster_duplicate_enrolment' as code, jsonb_build_object('registrationId', s.registration_id, 'coursenumber', s.coursenumber, 'first', f.first) as params
        from s join firsts f using (coursenumber, registration_id) where s.line > f.first
      union all
      select s.line, 'coursenumber', 'roster_no_course', jsonb_build_object('coursenumber', s.coursenumber)
        from s where not exists (select 1 from ${courses} c where c.coursenumber = s.coursenumber)
      union all
      select s.line, 'registrationId', 'roster_no_account', jsonb_build_object('registrationId', s.registration_id)
        from s where not exists (select 1 from ${users} u where u.registration_id = s.registration_id)
      union all
      select s.line, 'registrationId', 'roster_not_student', jsonb_build_object('registrationId', s.registration_id)
        from s join ${users} u using (registration_id) where u.userrole <> ${ROLES.STUDENT}
      order by 1`,
    ),

  async compare(db, importId) {
    await db.execute(sql`
      update ${rosterEnrolmentRows} as r set
        action = case when s.enrolled = (e.student_id is not null) then 'unchanged' when s.enrolled then 'create' else 'remove' end,
        fields = case when s.enrolled = (e.student_id is not null) then array[]::text[] else array['status'] end
      from ${staged(importId)} s
      join ${courses} c using (coursenumber)
      join ${users} u using (registration_id)
      left join ${enrollments} e on e.course_id = c.id and e.student_id = u.id
      where r.import_id = ${importId} and r.line = s.line`);
  },

  async apply(tx, { importId, ip }, { notify }) {
    await tx.execute(sql`
      insert into ${enrollments} (course_id, student_id, joined_at)
      select c.id, u.id, now() from ${doing(importId, 'create')}
      on conflict do nothing`);
    await tx.execute(sql`
      delete from ${enrollments} e using ${courses} c, ${users} u, ${staged(importId)} s
      where s.action = 'remove' and c.coursenumber = s.coursenumber and u.registration_id = s.registration_id
        and e.course_id = c.id and e.student_id = u.id`);
    for (const action of ['create', 'remove'] as const) {
      await tx.execute(sql`
        insert into ${auditEntries} (action, actor_id, target_id, details, ip)
        select 'import.applied', null, u.id, ${details(importId, action)}, ${ip} from ${doing(importId, action)}`);
    }
    await notify.each(
      tx,
      eachTheirOwn(sql`
        select c.owner_id, format('%s was enrolled in your course "%s"', u.fullname, c.title), ${courseLink('c.id')} from ${doing(importId, 'create')}
        union all
        select u.id, format('You were enrolled in the course "%s"', c.title), ${courseLink('c.id')} from ${doing(importId, 'create')}
        union all
        select u.id, format('You were removed from the course "%s"', c.title), ${courseLink('c.id')} from ${doing(importId, 'remove')}`),
      'courses',
    );
    return { deactivated: [] };
  },

  // A row is its values: who, in which course, and whether enrolled.
  values: (importId) => sql`
    select s.line, jsonb_build_object('coursenumber', s.coursenumber, 'registrationId', s.registration_id, 'status', case when s.enrolled then 'active' else 'removed' end) as values, null::jsonb as before
    from ${staged(importId)} s`,
};
