import { api } from '@campus/contract/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { courseworkKey, courseworkKeys } from '../keys';
import { submissionRequest, type ChosenWork } from '../submission-request';

/** GET /coursework/:assignmentId/submission: the student's latest submission and its receipt (both null before any). */
export function useMySubmission(assignmentId: string) {
  return useQuery({
    queryKey: courseworkKeys.mySubmission(assignmentId),
    queryFn: async ({ signal }) => (await call(api.coursework.mySubmission, { params: { assignmentId }, signal })).data,
  });
}

/**
 * POST /coursework/:assignmentId/submission with upload percent for the bar. The answer (the
 * submission and its receipt) becomes the page's copy at once; the assignment, the classwork list
 * and the "Due soon" card, which all show the student's state, go stale.
 */
export function useSubmitWork(assignmentId: string, onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (work: ChosenWork) => (await call(api.coursework.submit, { params: { assignmentId }, ...submissionRequest(work), onProgress })).data,
    onSuccess: (data) => {
      client.setQueryData(courseworkKeys.mySubmission(assignmentId), data);
      return client.invalidateQueries({ queryKey: courseworkKey });
    },
  });
}
