import { api } from '@campus/contract/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { hallTicketKeys } from '../keys';

/**
 * GET searchbystudent and GET examdates: the server keeps both in the same order, so exam date i
 * belongs to course i (docs/product.md#hall-ticket). Their keys sit under the courses prefix, so joining or leaving a
 * course anywhere refreshes the admit card too. Each keeps `savedAt` beside its list: set when
 * the answer is the service worker's saved copy (offline on exam day), which the card says.
 */
export function useHallTicket() {
  const courses = useQuery({
    queryKey: hallTicketKeys.courses,
    queryFn: async ({ signal }) => {
      const { data, savedAt } = await call(api.courses.byStudent, { signal });
      return { list: data.listofcourses, savedAt };
    },
  });
  const examDates = useQuery({
    queryKey: hallTicketKeys.examDates,
    queryFn: async ({ signal }) => {
      const { data, savedAt } = await call(api.courses.examDates, { signal });
      return { list: data.examdates, savedAt };
    },
  });
  return { courses, examDates };
}
