import type { z } from 'zod';
import type { Config } from '../config/config';

/**
 * The order the worker sends in, lower first: a password reset does not wait behind the 10,000
 * announcements of a fan-out. `urgent` is for what a person is waiting for or must know at once
 * (their account's links and security notices); `bulk` for notifications and digests.
 */
export const MAIL_PRIORITY = { urgent: 0, bulk: 1 } as const;
export type MailPriority = keyof typeof MAIL_PRIORITY;

/** An email as the worker hands it to SMTP. */
export interface RenderedMail {
  subject: string;
  text: string;
  html?: string;
  /** Extra headers by name (List-Unsubscribe, List-Unsubscribe-Post…). */
  headers?: Record<string, string>;
}

/** What a template renders with besides its job's parameters: where links point, and the server's settings. */
export interface MailContext {
  /** PUBLIC_ORIGIN: links in an email are absolute. */
  origin: string;
  /** What emails call the portal ("Here is what happened on Campus Portal"). */
  campusName: string;
  config: Config;
}

/** One email to queue (mail_jobs): a single recipient, a template's name and what it renders from. */
export interface MailMessage {
  to: string;
  template: string;
  params: Record<string, unknown>;
  /**
   * The credential the email carries: sealed in the queue (enqueueMail), opened only to render it,
   * cleared from the row once it is sent or given up.
   */
  secret?: Record<string, unknown>;
  priority: MailPriority;
  /** "This email once": a message whose key is already queued (or sent) is dropped. */
  dedupeKey?: string;
}

type ObjectSchema<T> = z.ZodType<T> & z.ZodType<Record<string, unknown>>;

/**
 * An email a feature sends: its name (what a job stores), its priority, the shape of its
 * parameters, and the one place its words are written. `secret` is the shape of the credential
 * part, for emails that carry one (a reset link's token); a template without it takes none.
 */
export interface MailTemplateSpec<P, S> {
  name: string;
  priority: MailPriority;
  params: ObjectSchema<P>;
  secret?: ObjectSchema<S>;
  /**
   * Subject, text and headers. Values that came from users go through `oneLine` (platform/mail/
   * mail-text.ts) wherever the text expects a single line.
   */
  render(params: P, secret: S, context: MailContext): RenderedMail;
}

type MessageOptions<S> = [S] extends [undefined] ? [options?: { dedupeKey?: string }] : [options: { secret: S; dedupeKey?: string }];

export interface MailTemplate<P, S = undefined> extends MailTemplateSpec<P, S> {
  /** A job of this template for `enqueueMail`: its parameters, and its secret if it takes one. */
  message(to: string, params: P, ...options: MessageOptions<S>): MailMessage;
}

/** Declares an email; the feature then adds it to `app.mailTemplates` so the worker can render its jobs. */
export function mailTemplate<P, S = undefined>(spec: MailTemplateSpec<P, S>): MailTemplate<P, S> {
  return {
    ...spec,
    message(to, params, ...[options]) {
      const { secret, dedupeKey } = (options ?? {}) as { secret?: S; dedupeKey?: string };
      return {
        to,
        template: spec.name,
        params: params as Record<string, unknown>,
        ...(secret === undefined ? {} : { secret: secret as Record<string, unknown> }),
        priority: spec.priority,
        ...(dedupeKey === undefined ? {} : { dedupeKey }),
      };
    },
  };
}

/** Why a job cannot become an email. `retry`: another instance (a newer version) may know its template. */
export class MailRenderError extends Error {
  constructor(
    message: string,
    readonly retry = false,
  ) {
    super(message);
  }
}

/** A job as the renderer reads it. */
export interface RenderableJob {
  template: string;
  params: unknown;
  secret: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds templates of every shape
type AnyTemplate = MailTemplateSpec<any, any>;

/**
 * The templates this instance can render, by name (`app.mailTemplates`). The platform knows no
 * feature: each feature adds its own when it registers, and the worker asks here by name.
 */
export class MailTemplates {
  private readonly byName = new Map<string, AnyTemplate>();

  add(...templates: AnyTemplate[]): void {
    for (const t of templates) {
      const known = this.byName.get(t.name);
      if (known && known !== t) throw new Error(`two mail templates are named "${t.name}"`);
      this.byName.set(t.name, t);
    }
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /**
   * The email of a job, or a MailRenderError saying why not (never a value of the job: the
   * message is stored as the job's last_error).
   */
  render(job: RenderableJob, context: MailContext): RenderedMail {
    const template = this.byName.get(job.template);
    if (!template) throw new MailRenderError(`no mail template "${job.template}" on this instance`, true);
    const params = template.params.safeParse(job.params);
    if (!params.success) throw new MailRenderError(`the parameters do not fit template "${job.template}": ${issueOf(params.error)}`);
    let secret: unknown = undefined;
    if (template.secret) {
      const parsed = template.secret.safeParse(job.secret);
      if (!parsed.success) throw new MailRenderError(`the secret part does not fit template "${job.template}": ${issueOf(parsed.error)}`);
      secret = parsed.data;
    }
    try {
      return template.render(params.data, secret, context);
    } catch (err) {
      throw new MailRenderError(`template "${job.template}" failed: ${(err as Error).message}`);
    }
  }
}

/** Where and what, without the value (a job's values stay out of last_error). */
function issueOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  return `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}
