import { z } from 'zod';
import { mailTemplate } from './mail-template';

/**
 * Emails queued before jobs named templates (migration 0010): their words were written at the
 * time, and the migration moved them here, the body into the secret part (it may hold a reset
 * link). Nothing queues this template now; it only lets those jobs go out.
 */
export const prerendered = mailTemplate({
  name: 'prerendered',
  priority: 'bulk',
  params: z.object({ subject: z.string(), headers: z.record(z.string(), z.string()) }),
  secret: z.object({ text: z.string(), html: z.string().nullable() }),
  render: ({ subject, headers }, { text, html }) => ({ subject, text, ...(html === null ? {} : { html }), headers }),
});
