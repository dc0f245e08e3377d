import { api } from '@campus/contract/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { multipart } from '../../../lib/forms';
import { marksheetKeys as keys, marksheetsKey } from '../keys';

/** GET semesterapplied: the semesters the student has asked for. */
export const useSemestersApplied = () =>
  useQuery({
    queryKey: keys.applied,
    queryFn: async ({ signal }) => (await call(api.applications.semestersApplied, { signal })).data.listofsemesterapplied,
  });

/** GET getallapplicantmarksheets/:userId (the student themself, or the exam office). */
export const useMarksheetsOf = (userId: string) =>
  useQuery({
    queryKey: keys.marksheets(userId),
    queryFn: async ({ signal }) => (await call(api.marksheets.ofUser, { params: { userId }, signal })).data.allapplicantmarksheets,
  });

/** GET applicationofuser/:userId (the student themself, or the exam office). */
export const useApplicationsOf = (userId: string) =>
  useQuery({
    queryKey: keys.applications(userId),
    queryFn: async ({ signal }) => (await call(api.applications.ofUser, { params: { userId }, signal })).data.allapplications,
  });

/** GET allapplications (the exam office). */
export const useAllApplications = () =>
  useQuery({
    queryKey: keys.all,
    queryFn: async ({ signal }) => (await call(api.applications.all, { signal })).data.allapplications,
  });

/** GET getuser/:userId: the applicant's details (the exam office may read any user). */
export const useApplicant = (userId: string) =>
  useQuery({
    queryKey: keys.applicant(userId),
    queryFn: async ({ signal }) => (await call(api.users.getUser, { params: { userId }, signal })).data.user,
  });

/** POST createapplication. */
export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (semester: number) => call(api.applications.create, { body: { semester } }),
    onSettled: () => client.invalidateQueries({ queryKey: marksheetsKey }),
  });
}

/** POST decline/:applicationId: the exam office declines an open request, with the reason the student reads. */
export function useDecline() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, reason }: { applicationId: string; reason: string }) => call(api.applications.decline, { params: { applicationId }, body: { reason } }),
    onSettled: () => client.invalidateQueries({ queryKey: marksheetsKey }),
  });
}

/** POST createmarksheet/:applicantId (multipart semester + marksheet), reporting upload percent. */
export function useUploadMarksheet(applicantId: string, onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ semester, file }: { semester: number; file: File }) =>
      call(api.marksheets.create, { params: { applicantId }, form: multipart({ semester, marksheet: file }), onProgress }),
    onSettled: () => client.invalidateQueries({ queryKey: marksheetsKey }),
  });
}
