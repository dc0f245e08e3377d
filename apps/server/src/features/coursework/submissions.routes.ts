import { SUBMISSION_BYTES_MAX, api, submissionFields, type Receipt } from '@campus/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuse } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { parseOrThrow } from '../../platform/errors/validation';
import { contentDisposition } from '../../platform/files/download-name';
import { removeStored } from '../../platform/files/remove-stored';
import { withUpload, type StoredUpload } from '../../platform/files/upload';
import { contractRoutes } from '../../platform/http/contract-route';
import { openDocumentKeys } from '../documents';
import { assertCourseOwner, assertStudent, assignmentForClass } from './coursework.policy';
import { receiptEmail } from './receipts';
import { presentClassRow, presentSubmission, type SubmissionView } from './submissions.presenter';
import { submissionsZip } from './submissions-zip';
import { assertCanSubmit, classRows, latestFiles, latestOf, submitWork, type SubmissionsDeps } from './submissions.service';

const { coursework } = api;
const route = contractRoutes('coursework');

/** Text that is only blank is no text: a submission of it alone is empty. */
const textOrNull = (text: string | undefined) => (text?.trim() ? text : null);

/**
 * The finished resumable uploads a JSON submission names, as stored files. Resumable uploads are
 * not served yet, so no id names one: each is `upload_not_found` (as another user's would be).
 */
function finishedUploads(ids: readonly string[]): StoredUpload[] {
  if (ids.length > 0) throw refuse('upload_not_found', { field: 'uploads' });
  return [];
}

/** Handing in work and its receipts; the owner's list of the class and zip of what they handed in. */
export async function submissionsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const now = app.config.now;
  const deps: SubmissionsDeps = { db, signer: await openDocumentKeys(db, app.config), now, mailOn: app.config.mail !== undefined };
  // The receipt's email, rendered by the mail worker when it sends it.
  app.mailTemplates.add(receiptEmail);

  const handedIn = (reply: FastifyReply, done: { view: SubmissionView; receipt: Receipt }) =>
    ok(reply, { submission: presentSubmission(done.view), receipt: done.receipt }, 'submission received', 201);

  app.route({
    // Ten files of 50 MB each, but not 500 MB: a submission's files add up to at most 100 MB.
    ...route(coursework.submit, { access: 'user', uploadTotal: { maxBytes: SUBMISSION_BYTES_MAX, refusal: 'submission_too_large' } }),
    handler: async (request, reply) => {
      const user = request.user!;
      const { course, assignment, as } = await assignmentForClass(db, user, request.params.assignmentId);
      assertStudent({ course, as });
      // Refused before a byte of the files is stored.
      await assertCanSubmit(db, assignment, user.id, now());
      const hand = async (files: StoredUpload[], text: string | undefined) => {
        const done = await submitWork(deps, course, assignment, user, { files, text: textOrNull(text) });
        await removeStored(app.fileStore, done.replacedKeys, request.log);
        return handedIn(reply, done);
      };
      if (request.isMultipart()) {
        return withUpload(request, app.fileStore, async (form) => hand(form.files, parseOrThrow(submissionFields, form.fields).text));
      }
      const body = request.body;
      if (!body) throw refuse('submission_empty');
      return hand(finishedUploads(body.uploads), body.text);
    },
  });

  app.route({
    ...route(coursework.mySubmission, { access: 'user' }),
    handler: async (request, reply) => {
      const user = request.user!;
      const { course, assignment, as } = await assignmentForClass(db, user, request.params.assignmentId);
      assertStudent({ course, as });
      const latest = await latestOf(deps, course, assignment, user);
      return ok(reply, { submission: latest ? presentSubmission(latest.view) : null, receipt: latest?.receipt ?? null }, 'submission fetched');
    },
  });

  app.route({
    ...route(coursework.submissions, { access: 'user' }),
    handler: async (request, reply) => {
      const access = await assignmentForClass(db, request.user!, request.params.assignmentId);
      assertCourseOwner(access);
      const at = now();
      const rows = await classRows(db, access.course, access.assignment);
      return ok(reply, { rows: rows.map((r) => presentClassRow(access.assignment, r, at)) }, 'submissions fetched');
    },
  });

  app.route({
    ...route(coursework.submissionsZip, { access: 'user' }),
    handler: async (request, reply) => {
      const access = await assignmentForClass(db, request.user!, request.params.assignmentId);
      assertCourseOwner(access);
      const entries = await latestFiles(db, access.course, access.assignment);
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition('attachment', `${access.assignment.title} - submissions.zip`))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(submissionsZip(app.fileStore, entries));
    },
  });
}
