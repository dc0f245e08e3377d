import { EVENT_DESCRIPTION_MAX } from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TextgenConfig } from '../../platform/config/textgen';
import { refuse } from '../../platform/errors/app-error';
import { TextGenError, createTextGenerator } from '../../platform/textgen';
import { eventDescriptionPrompt } from './events.prompt';

/** A drafted text, trimmed and cut to what an event description may hold (never half a character). */
export function fitDescription(text: string): string {
  let cut = text.trim().slice(0, EVENT_DESCRIPTION_MAX);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trim();
}

/** Drafts an event's description from its title, or refuses in the words the contract gives. */
export type DraftDescription = (title: string, log: FastifyBaseLogger) => Promise<string>;

/**
 * The describer of events, bound to the configured text generator. Drafting off is a 503; a
 * provider that fails, times out or answers nothing usable is a 502 (a timeout says so), and what
 * went wrong is logged for the operator without the key, the prompt or the provider's body.
 */
export function eventDescriber(textgen: TextgenConfig): DraftDescription {
  const generator = createTextGenerator(textgen);
  return async (title, log) => {
    if (!generator) throw refuse('drafting_off');
    let text: string;
    try {
      text = await generator.draft(eventDescriptionPrompt(title), AbortSignal.timeout(textgen.timeoutMs));
    } catch (err) {
      if (!(err instanceof TextGenError)) {
        log.error({ err }, 'text generator failed unexpectedly');
        throw refuse('drafting_failed');
      }
      log.warn({ provider: textgen.provider, reason: err.reason, status: err.status, detail: err.message }, 'text generator failed');
      throw refuse(err.reason === 'timeout' ? 'drafting_timed_out' : 'drafting_failed');
    }
    const description = fitDescription(text);
    if (description === '') throw refuse('drafting_failed');
    return description;
  };
}
