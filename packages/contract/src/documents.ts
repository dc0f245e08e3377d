import { z } from 'zod';
import { BRANCHES } from './constants';
import { submissionClaimsSchema } from './coursework';
import { endpoint } from './endpoint';
import { textField } from './fields';
import { refusalMessage as says, requiredMessage } from './refusals';
import { API_PREFIX } from './prefix';

/**
 * Documents a gate can trust: the portal signs what it issues (an admit card, a marksheet) as a
 * compact JWS, and publishes its public keys, so that anyone can check a printed or shown copy,
 * with no network once the keys are kept.
 */

/** A paper on the admit card: its course and exam day (YYYY-MM-DD). */
export const admitCardPaperSchema = z.object({ coursenumber: z.number().int(), title: z.string(), examDate: z.string() });

/** What an admit card's token says: who, and the papers they sit; valid until the day after the last. */
export const admitCardClaimsSchema = z
  .object({
    typ: z.literal('admitcard'),
    /** The registration id, as text (a JWT's subject is a string). */
    sub: z.string(),
    name: z.string(),
    semester: z.number().int(),
    branch: z.enum(BRANCHES),
    courses: z.array(admitCardPaperSchema),
    iat: z.number().int(),
    exp: z.number().int(),
  })
  .meta({ id: 'AdmitCardClaims' });
export type AdmitCardClaims = z.infer<typeof admitCardClaimsSchema>;

/** What a marksheet's token says: whose, which semester, and the SHA-256 (hex) of the file's bytes. */
export const marksheetClaimsSchema = z
  .object({
    typ: z.literal('marksheet'),
    sub: z.string(),
    name: z.string(),
    semester: z.number().int(),
    sha256: z.string(),
    iat: z.number().int(),
  })
  .meta({ id: 'MarksheetClaims' });
export type MarksheetClaims = z.infer<typeof marksheetClaimsSchema>;

/** Every signed document: an admit card, a marksheet, a coursework submission's receipt. */
export const documentClaimsSchema = z.discriminatedUnion('typ', [admitCardClaimsSchema, marksheetClaimsSchema, submissionClaimsSchema]);
export type DocumentClaims = z.infer<typeof documentClaimsSchema>;

/** Why a token does not verify. */
export const VERIFY_REASONS = ['expired', 'replaced', 'invalid'] as const;
export type VerifyReason = (typeof VERIFY_REASONS)[number];

export const verificationSchema = z.union([
  z.object({
    valid: z.literal(true),
    claims: documentClaimsSchema,
    /** The portal's photo of the person the document names: a link that loads without a session for a while; null without one. */
    photo: z.string().nullable(),
    /**
     * An admit card: whether its exam dates are still the student's (false: a date moved, or a
     * paper is no longer theirs, since it was issued: a newer card exists). Null for other documents.
     */
    current: z.boolean().nullable(),
  }),
  z.object({ valid: z.literal(false), reason: z.enum(VERIFY_REASONS) }),
]);
export type Verification = z.infer<typeof verificationSchema>;

/** A compact JWS is a few hundred bytes; an admit card with many papers, a few kilobytes (its printed code, a few hundred digits). */
export const TOKEN_MAX = 8 * 1024;
export const verifyBody = z.object({
  token: textField('token', requiredMessage('token')).min(1, { error: requiredMessage('token') }).max(TOKEN_MAX, { error: says('text_too_long', { field: 'token' }) }),
});

/** A public key as a JSON Web Key (EC P-256 for ES256). */
export const publicJwkSchema = z.object({ kty: z.string(), kid: z.string(), alg: z.string(), use: z.string(), crv: z.string(), x: z.string(), y: z.string() }).meta({ id: 'PublicJwk' });
export const jwksSchema = z.object({ keys: z.array(publicJwkSchema) });

/** A student the exam office should ask for a photo: none on record, and an exam coming (their first from today, YYYY-MM-DD). */
export const studentWithoutPhotoSchema = z
  .object({ _id: z.string(), fullname: z.string(), registrationId: z.number().int(), email: z.string(), semester: z.number().int().nullable(), branch: z.string().nullable(), nextExam: z.string() })
  .meta({ id: 'StudentWithoutPhoto' });
export type StudentWithoutPhoto = z.infer<typeof studentWithoutPhotoSchema>;

const D = `${API_PREFIX}/documents`;

export const documentsApi = {
  keys: endpoint({
    method: 'GET',
    path: `${D}/keys`,
    summary: 'The public keys documents are signed with, as a JSON Web Key Set (answered bare, no envelope); a retired key stays while documents it signed are valid',
    data: jwksSchema,
    produces: 'application/jwk-set+json',
  }),
  admitCard: endpoint({
    method: 'GET',
    path: `${D}/admitcard`,
    summary: "The student's admit card, signed: valid until the day after the last exam date (400 with no exam date yet); `code` is what its QR code prints",
    data: z.object({
      token: z.string(),
      claims: admitCardClaimsSchema,
      /** The same facts, titles aside, signed compactly as decimal digits for the QR code (document-code.ts); /verify takes it as a token. */
      code: z.string(),
    }),
    errors: ['admit_card_needs_cohort', 'no_exam_dates_yet'],
  }),
  marksheet: endpoint({
    method: 'GET',
    path: `${D}/marksheet/:marksheetId`,
    summary: "A marksheet, signed, with the SHA-256 of its file's bytes (its owner, the exam office)",
    data: z.object({ token: z.string(), claims: marksheetClaimsSchema }),
    // Its file's digest is read from the store the first time.
    errors: ['marksheet_not_found', 'storage_unavailable'],
  }),
  withoutPhoto: endpoint({
    method: 'GET',
    path: `${D}/students-without-photo`,
    summary: 'The exam office: students with no photo on record who have an exam from today on, soonest exam first (their admit card has no photo to check)',
    data: z.object({ students: z.array(studentWithoutPhotoSchema) }),
  }),
  photo: endpoint({
    method: 'GET',
    path: `${D}/photo/:link`,
    summary: "The photo of the person a verified document names: the link POST /verify answered as `photo`, which loads without a session for 10 minutes and opens that avatar only (404 once it has ended, or for any other link)",
    // No envelope: the answer is the picture's bytes.
    data: z.never(),
    produces: 'application/octet-stream',
    errors: ['file_not_found', 'storage_unavailable'],
  }),
  verify: endpoint({
    method: 'POST',
    path: `${D}/verify`,
    summary: "Checks a document token (or an admit card's printed code): valid with its claims, the named person's photo and whether an admit card is still current, or why not (expired, replaced, invalid)",
    body: verifyBody,
    data: verificationSchema,
    // A marksheet's token is checked against its file's digest, read from the store once.
    errors: ['storage_unavailable'],
  }),
};
