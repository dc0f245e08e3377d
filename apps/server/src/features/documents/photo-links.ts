import { timingSafeEqual } from 'node:crypto';
import { paths } from '@campus/contract';
import type { AppSecret } from '../../platform/secrets/app-secret';
import { isUuid } from '../../platform/http/ids';

/**
 * Links to a person's photo for /verify: whoever checks a document sees the portal's photo of the
 * person it names, without a session, for PHOTO_LINK_SECONDS. A link names one avatar file and
 * its end, under an HMAC of the app secret's own for this use (`<fileId>.<end>.<mac>`): it opens
 * that file only, only while it lasts, and only if the file is an avatar (the route checks).
 */
export const PHOTO_LINK_SECONDS = 600;
const PURPOSE = 'document-photo';

const mac = (secret: AppSecret, fileId: string, end: number) => secret.derive(PURPOSE, `${fileId}.${end}`).toString('base64url');

/** A link to `fileId` that lasts PHOTO_LINK_SECONDS from `now`; null without a file. */
export function photoLink(secret: AppSecret, fileId: string | null, now: Date): string | null {
  if (!fileId) return null;
  const end = Math.floor(now.getTime() / 1000) + PHOTO_LINK_SECONDS;
  return paths.documents.photo(`${fileId}.${end}.${mac(secret, fileId, end)}`);
}

/** The file a link opens, when it is one this portal made and it has not ended; else null. */
export function linkedFile(secret: AppSecret, link: string, now: Date): string | null {
  const [fileId, endText, given, ...rest] = link.split('.');
  if (rest.length > 0 || !fileId || !isUuid(fileId) || !endText || !/^\d{1,12}$/.test(endText) || !given) return null;
  const end = Number(endText);
  if (end <= Math.floor(now.getTime() / 1000)) return null;
  const expected = Buffer.from(mac(secret, fileId, end));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? fileId : null;
}
