import type { Application, ApplicationList, Marksheet, MarksheetList, SemestersApplied } from '@campus/contract/marksheets';
import { paths } from '@campus/contract/paths';
import type { User } from '@campus/contract/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, upload } from '../../../lib/api';
import { multipart } from '../../../lib/forms';
import { marksheetKeys as keys, marksheetsKey } from '../keys';

/** GET semesterapplied: the semesters the student has asked for. */
export const useSemestersApplied = () =>
  useQuery({
    queryKey: keys.applied,
    queryFn: async ({ signal }) => (await request<SemestersApplied>(paths.applications.semestersApplied, { signal })).data.listofsemesterapplied,
  });

/** GET getallapplicantmarksheets/:userId (the student themself, or the exam office). */
export const useMarksheetsOf = (userId: string) =>
  useQuery({
    queryKey: keys.marksheets(userId),
    queryFn: async ({ signal }): Promise<Marksheet[]> => (await request<MarksheetList>(paths.marksheets.ofUser(userId), { signal })).data.allapplicantmarksheets,
  });

/** GET applicationofuser/:userId (the student themself, or the exam office). */
export const useApplicationsOf = (userId: string) =>
  useQuery({
    queryKey: keys.applications(userId),
    queryFn: async ({ signal }): Promise<Application[]> => (await request<ApplicationList>(paths.applications.ofUser(userId), { signal })).data.allapplications,
  });

/** GET allapplications (the exam office). */
export const useAllApplications = () =>
  useQuery({
    queryKey: keys.all,
    queryFn: async ({ signal }): Promise<Application[]> => (await request<ApplicationList>(paths.applications.all, { signal })).data.allapplications,
  });

/** GET getuser/:userId: the applicant's details (the exam office may read any user). */
export const useApplicant = (userId: string) =>
  useQuery({
    queryKey: keys.applicant(userId),
    queryFn: async ({ signal }): Promise<User> => (await request<{ user: User }>(paths.users.getUser(userId), { signal })).data.user,
  });

/** POST createapplication. */
export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (semester: number) => request<{ application: Application }>(paths.applications.create, { method: 'POST', body: { semester } }),
    onSettled: () => client.invalidateQueries({ queryKey: marksheetsKey }),
  });
}

/** POST createmarksheet/:applicantId (multipart semester + marksheet), reporting upload percent. */
export function useUploadMarksheet(applicantId: string, onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ semester, file }: { semester: number; file: File }) =>
      upload<{ marksheet: Marksheet }>(paths.marksheets.create(applicantId), multipart({ semester, marksheet: file }), { onProgress }),
    onSettled: () => client.invalidateQueries({ queryKey: marksheetsKey }),
  });
}
