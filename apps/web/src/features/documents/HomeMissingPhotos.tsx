import { api } from '@campus/contract/api';
import { useQuery } from '@tanstack/react-query';
import { DashboardCard } from '../../components/DashboardCard';
import { call } from '../../lib/api';
import { formatExamDay } from '../../lib/dates';
import { missingPhotosCard } from './home-slot';

/** How many of them the card names; the rest are counted. */
const SHOWN = 8;

/**
 * The exam office's home card: students with an exam from today on and no photo on record (roster
 * students start without one), soonest exam first, so the office can ask them before exam day.
 */
export default function HomeMissingPhotos() {
  const list = useQuery({
    queryKey: ['documents', 'students-without-photo'],
    queryFn: async ({ signal }) => (await call(api.documents.withoutPhoto, { signal })).data.students,
  });
  return (
    <DashboardCard {...missingPhotosCard} query={list}>
      {() => {
        const students = list.data ?? [];
        if (students.length === 0) return <p className="text-slate-700">Every student with an exam coming has a photo on record.</p>;
        return (
          <div className="flex flex-col gap-2">
            <p className="text-slate-700">
              {students.length === 1 ? 'One student with an exam coming has' : `${students.length} students with an exam coming have`} no photo on record: their admit card
              has none for the invigilator to check. Ask them to add one.
            </p>
            <ul className="flex flex-col divide-y divide-slate-100 text-sm">
              {students.slice(0, SHOWN).map((s) => (
                <li key={s._id} className="flex flex-wrap justify-between gap-x-3 py-1">
                  <span className="[overflow-wrap:anywhere]">
                    {s.fullname} <span className="tabular-nums text-slate-600">({s.registrationId})</span>
                  </span>
                  <span className="tabular-nums text-slate-700">first exam {formatExamDay(s.nextExam)}</span>
                </li>
              ))}
            </ul>
            {students.length > SHOWN && <p className="text-sm text-slate-600">and {students.length - SHOWN} more.</p>}
          </div>
        );
      }}
    </DashboardCard>
  );
}
