import { DashboardCard } from '../../components/DashboardCard';
import { isExamOffice, useCurrentUser } from '../auth';
import { useAllApplications } from './api/marksheets';
import { requestsCard } from './home-slot';

/**
 * The exam office's home card: how many marksheet requests are still open (not yet answered by an
 * upload), leading to /applications. It shares that page's query (allapplications), so the list
 * is fetched once for both.
 */
export default function HomeRequests() {
  const viewer = useCurrentUser().data;
  if (!viewer || !isExamOffice(viewer)) return null;
  return <RequestsCard />;
}

function RequestsCard() {
  const all = useAllApplications();
  return (
    <DashboardCard {...requestsCard} query={all}>
      {() => {
        const open = (all.data ?? []).filter((a) => !a.replied).length;
        return (
          <p className="flex items-baseline gap-3">
            <span className="text-4xl font-bold text-campus-900">{open}</span>
            <span className="text-slate-700">{open === 1 ? 'open request waits for a marksheet' : 'open requests wait for a marksheet'}</span>
          </p>
        );
      }}
    </DashboardCard>
  );
}
