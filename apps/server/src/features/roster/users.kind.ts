import { ROLES } from '@campus/contract';
import { inArray, sql } from 'drizzle-orm';
import { auditEntries, courses, rosterUserRows, sessions, users } from '../../db/schema';
import { endSessions } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db/database';
import { refuse } from '../../platform/errors/app-error';
import { assertAnActiveAdministrator } from '../users';
import { compareRows, errorsOf, fieldChange, importOf, rowsOf, stagedRows, type RosterKind } from './roster-kind';

const staged = (importId: string) => stagedRows(rosterUserRows, importId);

/** A staged row's semester and branch: null on a professor's row that gives none. */
const semesterOf = (s: string) => `${s}.semester`;
const branchOf = (s: string) => `${s}.branch`;
/** A role and a state as the file words them. */
const roleWord = (userrole: string) => `case ${userrole} when ${ROLES.STUDENT} then 'student' else 'professor' end`;
const statusWord = (active: string) => `case when ${active} then 'active' when not ${active} then 'inactive' end`;

/** Each column a row may change: its new value (from the staged row `s`) and its old one (the account `u`). */
const CHANGEABLE = {
  fullname: { to: 's.fullname', from: 'u.fullname' },
  role: { to: roleWord('s.userrole'), from: roleWord('u.userrole') },
  semester: { to: semesterOf('s'), from: 'u.semester' },
  branch: { to: branchOf('s'), from: 'u.branch' },
  status: { to: statusWord('coalesce(s.active, u.active)'), from: statusWord('u.active') },
} as const;

/** `{column: value}` of the columns whose value changes (those that do not are left out by jsonb_strip_nulls). */
const changedValues = (side: 'to' | 'from') =>
  sql.raw(
    `jsonb_strip_nulls(jsonb_build_object(${Object.entries(CHANGEABLE)
      .map(([column, { to, from }]) => `'${column}', case when (${to}) is distinct from (${from}) then ${side === 'to' ? to : from} end`)
      .join(', ')}))`,
  );

/**
 * The registrar's list of people, keyed by registration id. A new account is made `managed`,
 * with no password (its owner sets one through "Forgot password"); an existing managed one takes
 * the file's name, role, semester, branch and (when given) state. The email is used only when the
 * account is made: afterwards the address is its owner's.
 *
 * A row never adopts an account made with a password (public signup, or the server's setup
 * accounts): whoever signed up first with someone's registration id would otherwise keep their
 * password and email, gain the registrar's role and courses, and the real owner's campus sign-in
 * would then link to it without a password. Such a row is an error naming the id; its owner links
 * the account by a campus sign-in, giving its password once, after which it is managed.
 * (`roster_adoption_refused`).
 */
export const usersKind: RosterKind<'users'> = {
  table: rosterUserRows,

  stage: (importId, line, row) => ({
    importId,
    line,
    registrationId: row.registrationId,
    email: row.email,
    fullname: row.fullname,
    userrole: row.role === 'student' ? ROLES.STUDENT : ROLES.PROFESSOR,
    semester: row.semester ?? null,
    branch: row.branch ?? null,
    active: row.status === undefined ? null : row.status === 'active',
  }),

  check: (db, importId, { reservedRegistrationId }) =>
    errorsOf(
      db,
      sql`
      with s as ${staged(importId)},
      firsts as (select registration_id, min(line) as first from s group by registration_id having count(*) > 1),
      first_emails as (select lower(email) as email, min(line) as first from s group by lower(email) having count(*) > 1)
      select s.line, 'registrationId' as column, 'roster_duplicate' as code, jsonb_build_object('value', s.registration_id, 'first', f.first) as params
        from s join firsts f using (registration_id) where s.line > f.first
      union all
      select s.line, 'email', 'roster_duplicate', jsonb_build_object('value', s.email, 'first', f.first)
        from s join first_emails f on f.email = lower(s.email) where s.line > f.first
      union all
      -- A new account's address may not be another account's (an existing one keeps its own).
      select s.line, 'email', 'email_taken', null
        from s join ${users} u on lower(u.email) = lower(s.email) and u.registration_id <> s.registration_id
        where not exists (select 1 from ${users} x where x.registration_id = s.registration_id)
      union all
      select s.line, 'registrationId', 'registration_id_reserved', null
        from s where s.registration_id = ${reservedRegistrationId}
        and not exists (select 1 from ${users} x where x.registration_id = s.registration_id)
      union all
      select s.line, 'registrationId', 'roster_adoption_refused', jsonb_build_object('registrationId', s.registration_id)
        from s join ${users} u using (registration_id) where not u.managed
      union all
      select s.line, 'role', 'exam_office_professors_only', null
        from s join ${users} u using (registration_id) where u.is_exam_office and s.userrole = ${ROLES.STUDENT}
      union all
      select s.line, 'role', 'roster_owns_courses', jsonb_build_object('registrationId', s.registration_id)
        from s join ${users} u using (registration_id)
        where u.userrole = ${ROLES.PROFESSOR} and s.userrole = ${ROLES.STUDENT} and exists (select 1 from ${courses} c where c.owner_id = u.id)
      union all
      select s.line, 'status', 'roster_admin_status', jsonb_build_object('registrationId', s.registration_id)
        from s join ${users} u using (registration_id) where u.is_admin and u.active and s.active = false
      order by 1, 2, 3`,
    ),

  compare: (db, importId) =>
    compareRows(db, rosterUserRows, importId, {
      from: sql`${staged(importId)} s left join ${users} u using (registration_id)`,
      existing: 'u.id',
      created: sql.raw(
        `array['registrationId', 'email', 'fullname', 'role'] || case when ${semesterOf('s')} is null then array[]::text[] else array['semester'] end
          || case when ${branchOf('s')} is null then array[]::text[] else array['branch'] end || case when s.active is null then array[]::text[] else array['status'] end`,
      ),
      changed: [
        sql`case when u.fullname is distinct from s.fullname then 'fullname' end`,
        sql`case when u.userrole is distinct from s.userrole then 'role' end`,
        sql.raw(`case when u.semester is distinct from ${semesterOf('s')} then 'semester' end`),
        sql.raw(`case when u.branch is distinct from ${branchOf('s')} then 'branch' end`),
        sql`case when s.active is not null and u.active is distinct from s.active then 'status' end`,
        sql`case when not u.managed then 'managed' end`,
      ],
    }),

  async apply(tx: Db, { importId, ip }) {
    // The check ran before this transaction: an account signed up since is still never adopted.
    const adopted = rowsOf<{ registration_id: string }>(
      await tx.execute(sql`select s.registration_id from ${staged(importId)} s join ${users} u using (registration_id) where not u.managed limit 1 for update of u`),
    );
    if (adopted[0]) throw refuse('roster_adoption_refused', { params: { registrationId: Number(adopted[0].registration_id) } });
    const updating = sql`${staged(importId)} s join ${users} u using (registration_id) where s.action = 'update'`;
    // The entries say what each field was, so they are written before the rows change.
    await tx.execute(sql`
      insert into ${auditEntries} (action, actor_id, target_id, details, ip)
      select 'import.applied', null, u.id, jsonb_build_object('import', ${importOf(importId, 'users', 'update')}, 'changes', jsonb_strip_nulls(jsonb_build_object(
        'fullname', ${fieldChange('u.fullname', 's.fullname')},
        'userrole', ${fieldChange('u.userrole', 's.userrole')},
        'semester', ${fieldChange('u.semester', semesterOf('s'))},
        'branch', ${fieldChange('u.branch', branchOf('s'))},
        'active', ${fieldChange('u.active', 'coalesce(s.active, u.active)')},
        'managed', ${fieldChange('u.managed', 'true')}))), ${ip}
      from ${updating}`);
    const switchedOff = rowsOf<{ id: string }>(await tx.execute(sql`select u.id from ${updating} and u.active and s.active = false`)).map((r) => r.id);
    await tx.execute(sql`
      update ${users} u set fullname = s.fullname, userrole = s.userrole, semester = ${sql.raw(semesterOf('s'))}, branch = ${sql.raw(branchOf('s'))},
        active = coalesce(s.active, u.active), managed = true, updated_at = now()
      from ${staged(importId)} s where s.action = 'update' and u.registration_id = s.registration_id`);
    // The check refused switching an active administrator off; this holds the rule against one made meanwhile.
    if (switchedOff.length > 0) await assertAnActiveAdministrator(tx);
    if (switchedOff.length > 0) await endSessions(tx, inArray(sessions.userId, switchedOff), 'account_deactivated');
    // gen_random_uuid() is PostgreSQL's own (13 and later): no extension.
    await tx.execute(sql`
      with made as (
        insert into ${users} (id, registration_id, email, fullname, semester, branch, userrole, password_hash, managed, active)
        select gen_random_uuid(), s.registration_id, s.email, s.fullname, ${sql.raw(semesterOf('s'))}, ${sql.raw(branchOf('s'))}, s.userrole, null, true, coalesce(s.active, true)
        from ${staged(importId)} s where s.action = 'create'
        returning id
      )
      insert into ${auditEntries} (action, actor_id, target_id, details, ip)
      select 'import.applied', null, id, jsonb_build_object('import', ${importOf(importId, 'users', 'create')}), ${ip} from made`);
    return { deactivated: switchedOff };
  },

  // A new account shows every value the file gives it (the Devanagari name as it came through);
  // an existing one, each changed column before and after.
  values: (importId) => sql`
    select s.line,
      case when u.id is null then jsonb_strip_nulls(jsonb_build_object('registrationId', s.registration_id, 'email', s.email, 'fullname', s.fullname,
          'role', ${sql.raw(roleWord('s.userrole'))}, 'semester', ${sql.raw(semesterOf('s'))}, 'branch', ${sql.raw(branchOf('s'))}, 'status', ${sql.raw(statusWord('s.active'))}))
        else ${changedValues('to')} end as values,
      case when u.id is null then null else ${changedValues('from')} end as before
    from ${staged(importId)} s left join ${users} u using (registration_id)`,
};
