import {
  API_PREFIX,
  createApplicationBody,
  createMarksheetBody,
  paths,
  requiredMessage,
  semesterField,
  ROLES,
  type ApplicationList,
  type MarksheetList,
  type SemestersApplied,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isExamOffice } from '../../platform/auth/access';
import { badRequest, notFound } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { parseOrThrow } from '../../platform/errors/validation';
import { readMultipart } from '../../platform/files/upload';
import { existingId } from '../../platform/http/ids';
import { findUserById } from '../users';
import { canSeeRecordsOf } from './marksheets.policy';
import { presentApplication, presentMarksheet } from './marksheets.presenter';
import {
  allApplications,
  applicationsOf,
  createApplication,
  marksheetFor,
  marksheetsOf,
  ownerOfMarksheetFile,
  semestersApplied,
  titleOfMarksheetFile,
  uploadMarksheet,
} from './marksheets.service';

const userParams = z.object({ userId: z.string().max(100) });
const tags = ['marksheets'];

/** /api/v1/applications and /api/v1/marksheets: students ask, the exam office answers. */
export async function marksheetsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  // A marksheet file downloads for its owner and the exam office only.
  app.fileAccess.register(
    'marksheet',
    async (user, file) => {
      const owner = await ownerOfMarksheetFile(db, file.id);
      return owner !== undefined && canSeeRecordsOf(user, owner);
    },
    (file) => titleOfMarksheetFile(db, file.id),
  );

  /** The user whose records a path names, when they exist and the caller may see them; otherwise 404. */
  const recordsOwner = async (viewer: Parameters<typeof canSeeRecordsOf>[0], userId: string) => {
    const id = existingId(userId, 'user');
    if (!canSeeRecordsOf(viewer, id) || (id !== viewer.id && !(await findUserById(db, id)))) throw notFound('user not found');
    return id;
  };

  app.post(paths.applications.create, {
    config: { access: 'student' },
    schema: { tags, summary: 'Ask for a semester’s marksheet (at most your own semester)', body: createApplicationBody },
    handler: async (request, reply) => {
      const student = request.user!;
      const application = await createApplication(db, student, request.body.semester);
      const applicant = { fullname: student.fullname, registrationId: student.registrationId };
      return ok(reply, { application: presentApplication({ ...application, applicant }) }, 'application created successfully', 201);
    },
  });

  app.get(paths.applications.semestersApplied, {
    config: { access: 'student' },
    schema: { tags, summary: 'The semesters I have asked for' },
    handler: async (request, reply) => {
      const data: SemestersApplied = { listofsemesterapplied: await semestersApplied(db, request.user!.id) };
      return ok(reply, data, 'semesters fetched successfully');
    },
  });

  app.get(paths.applications.all, {
    config: { access: 'examOffice' },
    schema: { tags, summary: 'Every request, open ones first (exam office)' },
    handler: async (_request, reply) => {
      const data: ApplicationList = { allapplications: (await allApplications(db)).map(presentApplication) };
      return ok(reply, data, 'applications fetched successfully');
    },
  });

  app.get(`${API_PREFIX}/applications/applicationofuser/:userId`, {
    config: { access: 'user' },
    schema: { tags, summary: 'A student’s requests by semester (the student or the exam office)', params: userParams },
    handler: async (request, reply) => {
      const userId = await recordsOwner(request.user!, request.params.userId);
      const data: ApplicationList = { allapplications: (await applicationsOf(db, userId)).map(presentApplication) };
      return ok(reply, data, 'applications fetched successfully');
    },
  });

  app.get(`${API_PREFIX}/marksheets/getallapplicantmarksheets/:userId`, {
    config: { access: 'user' },
    schema: { tags, summary: 'A student’s marksheets by semester (the student or the exam office)', params: userParams },
    handler: async (request, reply) => {
      const userId = await recordsOwner(request.user!, request.params.userId);
      const data: MarksheetList = { allapplicantmarksheets: (await marksheetsOf(db, userId)).map(presentMarksheet) };
      return ok(reply, data, 'marksheets fetched successfully');
    },
  });

  app.get(`${API_PREFIX}/marksheets/marksheetexists/:userId/:semester`, {
    config: { access: 'user' },
    schema: { tags, summary: 'One semester’s marksheet, or 404', params: userParams.extend({ semester: z.string().max(20) }) },
    handler: async (request, reply) => {
      const userId = await recordsOwner(request.user!, request.params.userId);
      const semester = parseOrThrow(semesterField, request.params.semester);
      const marksheet = await marksheetFor(db, userId, semester);
      if (!marksheet) throw notFound('marksheet not found');
      return ok(reply, { marksheet: presentMarksheet(marksheet) }, 'marksheet fetched successfully');
    },
  });

  app.post(`${API_PREFIX}/marksheets/createmarksheet/:applicantId`, {
    config: { access: 'examOffice', upload: { field: 'marksheet', kind: 'marksheet' } },
    schema: { tags, summary: 'Upload a student’s marksheet (exam office; multipart semester + marksheet)', params: z.object({ applicantId: z.string().max(100) }), consumes: ['multipart/form-data'] },
    handler: async (request, reply) => {
      // The applicant is settled before a byte of the file is stored.
      const applicant = await findUserById(db, existingId(request.params.applicantId, 'applicant'));
      if (!applicant || applicant.userrole !== ROLES.STUDENT || isExamOffice(applicant)) throw notFound('applicant not found');
      const form = await readMultipart(request, app.fileStore);
      try {
        const { semester } = parseOrThrow(createMarksheetBody, form.fields);
        if (!form.file) throw badRequest(requiredMessage('marksheet'));
        const marksheet = await uploadMarksheet(db, app.fileStore, applicant, semester, form.file);
        return ok(reply, { marksheet: presentMarksheet(marksheet) }, 'marksheet uploaded successfully', 201);
      } catch (err) {
        if (form.file) await app.fileStore.delete(form.file.key);
        throw err;
      }
    },
  });
}
