import { concern } from './concern';
import { optionalText, positiveInt } from './fields';

/** The keys signed documents carry (features/documents/document-keys.ts). */

/** A key signs for at least this long: an offline gate's copy of the key set is a week ahead of it. */
const KEY_DAYS_MIN = 14;

export const documents = concern({
  env: {
    DOCUMENT_KEY_DAYS: positiveInt('DOCUMENT_KEY_DAYS', 180).refine((days) => days >= KEY_DAYS_MIN, { error: `DOCUMENT_KEY_DAYS must be at least ${KEY_DAYS_MIN} (days)` }),
    DOCUMENT_KEYS_REVOKED: optionalText.transform((v) =>
      (v ?? '')
        .split(',')
        .map((kid) => kid.trim())
        .filter((kid) => kid !== ''),
    ),
  },
  config: (e) => ({
    /** DOCUMENT_KEY_DAYS: how long one key signs before the next takes over (it stays published after). */
    documentKeyDays: e.DOCUMENT_KEY_DAYS,
    /** DOCUMENT_KEYS_REVOKED: kids of keys taken out of the published set at once (a leaked key); what they signed no longer verifies. */
    documentKeysRevoked: e.DOCUMENT_KEYS_REVOKED as readonly string[],
  }),
});
