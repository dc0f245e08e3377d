import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppSecret } from '../secrets/app-secret';
import { MailRenderError } from './mail-template';

/** What `mail_jobs.secret` holds for a job queued with a secret part: the part, sealed. */
export interface SealedSecret {
  sealed: string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const isSealed = (stored: unknown): stored is SealedSecret =>
  typeof stored === 'object' && stored !== null && typeof (stored as { sealed?: unknown }).sealed === 'string' && Object.keys(stored).length === 1;

/**
 * The secret part of an email (a reset link's token, an email confirmation's) as it waits in the
 * queue: AES-256-GCM under a key derived from the app secret, opened by the worker only as it
 * renders the email (decision 0033). While the relay is down a job can wait for hours, and the
 * table is in every backup; the row then holds nothing that opens a link. With APP_SECRET set, a
 * copy of the database alone cannot open it; without it the generated key is in the database too
 * (as for calendar feeds), and what this still keeps out is a row read on its own (a log, a
 * support query, a trace).
 *
 * The job's template and recipient are the additional data: a sealed part moved to another job
 * (another template, another address) does not open.
 */
export class MailSecrets {
  private readonly key: Buffer;

  constructor(appSecret: AppSecret) {
    this.key = appSecret.derive('mail-job-secret', 'aes-256-gcm');
  }

  seal(secret: Record<string, unknown>, job: { to: string; template: string }): SealedSecret {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(additionalData(job.template, job.to));
    const body = Buffer.concat([cipher.update(JSON.stringify(secret), 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return { sealed: `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}` };
  }

  /**
   * The secret part of a job as its template reads it. A job queued before parts were sealed
   * (plain JSON, or null for none) is read as it is; a sealed part that does not open (another
   * APP_SECRET, a damaged or moved value) is a MailRenderError, never its value.
   */
  open(stored: unknown, job: { recipient: string; template: string }): unknown {
    if (!isSealed(stored)) return stored;
    const [version, iv, body] = stored.sealed.split('.');
    if (version !== VERSION || !iv || !body) throw new MailRenderError('the secret part is sealed in an unknown form');
    const bytes = Buffer.from(body, 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(additionalData(job.template, job.recipient));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      const plain = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as unknown;
    } catch {
      throw new MailRenderError('the secret part does not open with this server\'s key (was APP_SECRET changed?)');
    }
  }
}

const additionalData = (template: string, recipient: string) => Buffer.from(`${template}\n${recipient}`, 'utf8');
