import { byRequest } from '../audit';
import { SUCCESSES, api, createMarksheetBody, semesterField } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuse } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { parseOrThrow } from '../../platform/errors/validation';
import { removeStored } from '../../platform/files/remove-stored';
import { withUpload } from '../../platform/files/upload';
import { contractRoutes } from '../../platform/http/contract-route';
import { needed } from '../../platform/provide';
import { canSeeRecordsOf } from './marksheets.policy';
import { presentApplication, presentMarksheet } from './marksheets.presenter';
import {
  allApplications,
  applicantOr404,
  applicationsOf,
  createApplication,
  declineApplication,
  marksheetFor,
  marksheetsOf,
  ownerOfMarksheetFile,
  recordsOwnerOr404,
  semestersApplied,
  titleOfMarksheetFile,
  uploadMarksheet,
} from './marksheets.service';

const { applications, marksheets } = api;
const route = contractRoutes('marksheets');

/** /api/v1/applications and /api/v1/marksheets: students ask, the exam office answers. */
export async function marksheetsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const deps = { db, notify: needed(app, 'notify') };

  // A marksheet file downloads for its owner and the exam office only.
  app.fileAccess.register(
    'marksheet',
    async (user, file) => {
      const owner = await ownerOfMarksheetFile(db, file.id);
      return owner !== undefined && canSeeRecordsOf(user, owner);
    },
    (file) => titleOfMarksheetFile(db, file.id),
  );

  app.route({
    ...route(applications.create, { access: 'student' }),
    handler: async (request, reply) => {
      const student = request.user!;
      const application = await createApplication(deps, student, request.body.semester);
      const applicant = { fullname: student.fullname, registrationId: student.registrationId };
      return ok(reply, { application: presentApplication({ ...application, applicant }) }, SUCCESSES.applicationCreated, 201);
    },
  });

  app.route({
    ...route(applications.semestersApplied, { access: 'student' }),
    handler: async (request, reply) => ok(reply, { listofsemesterapplied: await semestersApplied(db, request.user!.id) }, 'semesters fetched successfully'),
  });

  app.route({
    ...route(applications.all, { access: 'examOffice' }),
    handler: async (_request, reply) => ok(reply, { allapplications: (await allApplications(db)).map(presentApplication) }, 'applications fetched successfully'),
  });

  app.route({
    ...route(applications.ofUser, { access: 'user' }),
    handler: async (request, reply) => {
      const userId = await recordsOwnerOr404(db, request.user!, request.params.userId);
      return ok(reply, { allapplications: (await applicationsOf(db, userId)).map(presentApplication) }, 'applications fetched successfully');
    },
  });

  app.route({
    ...route(applications.decline, { access: 'examOffice' }),
    handler: async (request, reply) => {
      const application = await declineApplication(deps, byRequest(request), request.params.applicationId, request.body.reason);
      return ok(reply, { application: presentApplication(application) }, SUCCESSES.applicationDeclined);
    },
  });

  app.route({
    ...route(marksheets.ofUser, { access: 'user' }),
    handler: async (request, reply) => {
      const userId = await recordsOwnerOr404(db, request.user!, request.params.userId);
      return ok(reply, { allapplicantmarksheets: (await marksheetsOf(db, userId)).map(presentMarksheet) }, 'marksheets fetched successfully');
    },
  });

  app.route({
    ...route(marksheets.exists, { access: 'user' }),
    handler: async (request, reply) => {
      const userId = await recordsOwnerOr404(db, request.user!, request.params.userId);
      // The path carries text: the semester is held to the field's rule here, as in a body.
      const semester = parseOrThrow(semesterField, request.params.semester);
      const marksheet = await marksheetFor(db, userId, semester);
      if (!marksheet) throw refuse('marksheet_not_found');
      return ok(reply, { marksheet: presentMarksheet(marksheet) }, 'marksheet fetched successfully');
    },
  });

  app.route({
    ...route(marksheets.create, { access: 'examOffice' }),
    handler: async (request, reply) => {
      // The applicant is settled before a byte of the file is stored.
      const applicant = await applicantOr404(db, request.params.applicantId);
      const { marksheet, replacedKey } = await withUpload(request, app.fileStore, async (form) => {
        const { semester } = parseOrThrow(createMarksheetBody, form.fields);
        if (!form.file) throw refuse('field_required', { field: 'marksheet' });
        return uploadMarksheet(deps, byRequest(request), applicant, semester, form.file);
      });
      await removeStored(app.fileStore, [replacedKey], request.log);
      return ok(reply, { marksheet: presentMarksheet(marksheet) }, SUCCESSES.marksheetUploaded, 201);
    },
  });
}
