import { api } from '@campus/contract/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { hallTicketKeys } from '../keys';

/**
 * GET searchbystudent and GET examdates: the server keeps both in the same order, so exam date i
 * belongs to course i (docs/product.md#hall-ticket). Their keys sit under the courses prefix, so joining or leaving a
 * course anywhere refreshes the admit card too.
 */
export function useHallTicket() {
  const courses = useQuery({
    queryKey: hallTicketKeys.courses,
    queryFn: async ({ signal }) => (await call(api.courses.byStudent, { signal })).data.listofcourses,
  });
  const examDates = useQuery({
    queryKey: hallTicketKeys.examDates,
    queryFn: async ({ signal }) => (await call(api.courses.examDates, { signal })).data.examdates,
  });
  return { courses, examDates };
}
