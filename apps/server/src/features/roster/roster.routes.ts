import { FILE_LIMITS, SUCCESSES, api, importBody, todayIn, type ImportBody } from '@campus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, refuse } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { parseOrThrow } from '../../platform/errors/validation';
import { fileTooLarge } from '../../platform/files/upload-guard';
import { contractRoutes } from '../../platform/http/contract-route';
import { needed } from '../../platform/provide';
import { byRequest } from '../audit';
import type { RosterDeps } from './roster-kind';
import { inviteImported, type InviteDeps } from './roster-invite';
import { importOr404, runImport, type RosterImportRow } from './roster.service';
import { presentImport } from './roster.presenter';

const { admin } = api;
const route = contractRoutes('admin');
const UPLOAD = { field: 'file', kind: 'roster' } as const;
/** The longest text field: `columns`, a mapping of up to COLUMN_MAPPING_MAX header names, is the long one. */
const COLUMNS_FIELD_MAX = 16 * 1024;

/**
 * Reads POST /admin/imports: `kind`, `dryRun` and `columns` come before the file (as the contract lists
 * them), so the file can be read as it arrives; a `dryRun` sent after it is too late and the
 * import stays a preview, which changes nothing. Parts after the file are read and ignored.
 */
async function importFromRequest(request: FastifyRequest, run: (body: ImportBody, file: AsyncIterable<Buffer>) => Promise<RosterImportRow>): Promise<RosterImportRow> {
  const fields: Record<string, string> = {};
  let result: RosterImportRow | undefined;
  let reading: 'parts' | 'file' = 'parts';
  try {
    for await (const part of request.parts({ limits: { fileSize: FILE_LIMITS.roster.maxBytes + 1, files: 1, fields: 10, fieldSize: COLUMNS_FIELD_MAX, parts: 12 } })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw refuse('form_field_too_large', { field: part.fieldname });
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== UPLOAD.field || result) {
        for await (const chunk of part.file) void chunk;
        continue;
      }
      if (fields.kind === undefined) throw refuse('field_required', { field: 'kind' });
      const body = parseOrThrow(importBody, fields);
      reading = 'file';
      result = await run(body, part.file);
      reading = 'parts';
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(UPLOAD);
    // The import's own failures are what they are; only the multipart parser's are the body's fault.
    if (reading === 'file' || err instanceof AppError || typeof (err as { code?: unknown }).code === 'string') throw err;
    throw refuse('malformed_multipart');
  }
  if (!result) throw refuse('field_required', { field: 'file' });
  return result;
}

/** The registrar's roster: POST /admin/imports and GET /admin/imports/:importId, for administrators. */
export async function rosterRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const deps: RosterDeps = {
    db,
    notify: needed(app, 'notify'),
    today: () => todayIn(app.config.campusTimeZone, app.config.now()),
    reservedRegistrationId: app.config.examOffice.registrationId,
  };

  app.route({
    ...route(admin.createImport, { access: 'admin' }),
    handler: async (request, reply) => {
      const row = await importFromRequest(request, (body, file) => runImport(deps, byRequest(request), { ...body, file }));
      return ok(reply, { import: presentImport(row) }, `import ${row.status}`, 201);
    },
  });

  const inviting: InviteDeps = { db, mailOn: app.config.mail !== undefined, mailSecrets: app.mailSecrets, now: app.config.now };
  app.route({
    ...route(admin.inviteImport, { access: 'admin' }),
    handler: async (request, reply) => {
      const invited = await inviteImported(inviting, byRequest(request), request.params.importId, request.user!.fullname);
      return ok(reply, { invited }, SUCCESSES.importInvited);
    },
  });

  app.route({
    ...route(admin.getImport, { access: 'admin' }),
    handler: async (request, reply) => ok(reply, { import: presentImport(await importOr404(db, request.params.importId)) }, 'import fetched successfully'),
  });
}
