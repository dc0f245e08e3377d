import { pages } from '@campus/contract/pages';
import type { User } from '@campus/contract/users';
import { Link, useSearchParams } from 'react-router';
import { SelectField } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminNav } from './AdminNav';
import { useAdminUsers } from './api/users';
import type { UserFilter } from './keys';
import { MoreButton } from './MoreButton';
import { RequireAdmin } from './RequireAdmin';
import { SearchBox } from './SearchBox';
import { queryOf, ROLE_LABELS, rolesOf, userFilterOf } from './user-filter';

/**
 * /admin/users: find a user by registration id prefix, or part of a name or email, by role and
 * state. The filters live in the URL, so Back and reload keep them and a search can be linked.
 */
export default function UsersPage() {
  usePageTitle('Users');
  return <RequireAdmin>{() => <Users />}</RequireAdmin>;
}

const ROLE_OPTIONS = [{ value: '', label: 'All roles' }, ...Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label }))];
const STATE_OPTIONS = [
  { value: '', label: 'Any state' },
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Deactivated' },
];

function Users() {
  const [params, setParams] = useSearchParams();
  const filter = userFilterOf(params);
  const users = useAdminUsers(filter);
  // Each search is a history entry, so Back returns to the previous one.
  const show = (next: UserFilter) => setParams(queryOf(next));

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <h1 className="text-2xl font-bold text-campus-900">Users</h1>
      <AdminNav />
      <Filters filter={filter} onChange={show} />
      <Results query={users} />
    </section>
  );
}

function Filters({ filter, onChange }: { filter: UserFilter; onChange: (filter: UserFilter) => void }) {
  return (
    <div role="search" aria-label="Users" className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-[1fr_11rem_10rem]">
      <SearchBox label="Search users" hint="A registration id or its first digits, or part of a name or email address." value={filter.q} onSearch={(q) => onChange({ ...filter, q })} />
      <SelectField label="Role" options={ROLE_OPTIONS} value={filter.role} onChange={(e) => onChange({ ...filter, role: e.target.value as UserFilter['role'] })} />
      <SelectField label="State" options={STATE_OPTIONS} value={filter.active} onChange={(e) => onChange({ ...filter, active: e.target.value as UserFilter['active'] })} />
    </div>
  );
}

function Results({ query }: { query: ReturnType<typeof useAdminUsers> }) {
  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={query.refetch} retrying={query.isFetching} />;
  if (!query.data) return <Spinner label="Loading users" />;
  if (query.data.length === 0) return <p className="py-6 text-center text-lg font-semibold text-slate-600">No users match.</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Users found" className="flex flex-col divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        {query.data.map((user) => (
          <UserRow key={user._id} user={user} />
        ))}
      </ul>
      <MoreButton query={query} what="users" />
    </div>
  );
}

function UserRow({ user }: { user: User }) {
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <Link to={pages.adminUser(user._id)} className="rounded font-semibold text-campus-700 underline focus-visible:outline-2 focus-visible:outline-campus-600">
          {user.fullname}
        </Link>
        <p className="break-words text-sm text-slate-600">
          {user.registrationId} · {user.email}
        </p>
      </div>
      <p className="flex flex-wrap gap-2 text-sm">
        {rolesOf(user).map((role) => (
          <span key={role} className="rounded-full bg-campus-50 px-2 py-0.5 font-medium text-campus-700">
            {role}
          </span>
        ))}
        {!user.active && <span className="rounded-full bg-red-50 px-2 py-0.5 font-medium text-red-800">Deactivated</span>}
      </p>
    </li>
  );
}
