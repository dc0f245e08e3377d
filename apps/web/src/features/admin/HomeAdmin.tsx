import { DashboardCard } from '../../components/DashboardCard';
import { formatMoment } from '../../lib/dates';
import { useAdminSummary } from './api/summary';
import { adminCards } from './home-slot';

const KIND_WORDS = { users: 'Users', courses: 'Courses', enrolments: 'Enrolments' } as const;

const plural = (n: number, one: string, many: string) => (n === 1 ? `One ${one}` : `${n} ${many}`);

/** The administrator's home cards, from one summary (GET /admin/summary). */
export default function HomeAdmin() {
  const summary = useAdminSummary();
  const data = summary.data;
  return (
    <>
      <DashboardCard {...adminCards.imports} query={summary}>
        {() =>
          data!.imports.length === 0 ? (
            <p className="text-slate-700">No roster file has been applied yet.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-100 text-sm">
              {data!.imports.map((i) => (
                <li key={i._id} className="flex flex-wrap justify-between gap-x-3 py-1">
                  <span className="font-medium text-slate-900">{KIND_WORDS[i.kind]}</span>
                  <span className="tabular-nums text-slate-700">
                    {i.counts.created} created · {i.counts.updated} updated · {formatMoment(i.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </DashboardCard>
      <DashboardCard {...adminCards.deactivated} query={summary}>
        {() => <p className="text-slate-700">{data!.deactivated === 0 ? 'No account is switched off.' : `${plural(data!.deactivated, 'account is', 'accounts are')} switched off: they cannot sign in.`}</p>}
      </DashboardCard>
      <DashboardCard {...adminCards.providers} query={summary}>
        {() =>
          data!.providers.length === 0 ? (
            <p className="text-slate-700">No provider is configured: everyone logs in with a password.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-100 text-sm">
              {data!.providers.map((p) => (
                <li key={p.id} className="flex flex-wrap justify-between gap-x-3 py-1">
                  <span className="font-medium text-slate-900">{p.label}</span>
                  <span className="text-slate-700">{p.lastSignedInAt ? `last worked ${formatMoment(p.lastSignedInAt)}` : 'nobody has signed in with it yet'}</span>
                </li>
              ))}
            </ul>
          )
        }
      </DashboardCard>
      <DashboardCard {...adminCards.photos} query={summary}>
        {() => (
          <p className="text-slate-700">
            {data!.studentsWithoutPhoto === 0
              ? 'Every student with an exam coming has a photo on record.'
              : `${plural(data!.studentsWithoutPhoto, 'student with an exam coming has', 'students with an exam coming have')} no photo on record; the exam office’s home lists them.`}
          </p>
        )}
      </DashboardCard>
    </>
  );
}
