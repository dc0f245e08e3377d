import { z } from 'zod';
import { concern } from './concern';
import { httpUrl, optionalText } from './fields';

/** Gemini's public endpoint and a current model, used unless TEXTGEN_BASE_URL / TEXTGEN_MODEL say otherwise. */
const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
const GEMINI_DEFAULT_MODEL = 'gemini-2.0-flash';
/**
 * How long a drafting call may take before the portal gives up and answers 502: the author waits
 * at the form, and a stalled provider must not hold the request open.
 */
const TEXTGEN_TIMEOUT_MS = 15_000;

/**
 * The text generator that drafts event descriptions; no provider means drafting is off.
 * `timeoutMs` is not an environment variable: tests shorten it to exercise the 502.
 */
export interface TextgenConfig {
  provider?: 'openai' | 'gemini';
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  timeoutMs: number;
}

export const textgen = concern({
  env: {
    TEXTGEN_PROVIDER: z
      .enum(['openai', 'gemini', ''], { error: 'TEXTGEN_PROVIDER must be openai or gemini' })
      .optional()
      .transform((v) => (v ? v : undefined)),
    TEXTGEN_BASE_URL: httpUrl('https://api.openai.com/v1'),
    TEXTGEN_MODEL: optionalText,
    TEXTGEN_API_KEY: optionalText,
  },
  check: ({ value, set }, report) => {
    if (value.TEXTGEN_PROVIDER === 'openai') {
      if (!set.TEXTGEN_BASE_URL) report('TEXTGEN_BASE_URL', 'required when TEXTGEN_PROVIDER=openai (e.g. https://api.openai.com/v1)');
      if (!set.TEXTGEN_MODEL) report('TEXTGEN_MODEL', 'required when TEXTGEN_PROVIDER=openai (e.g. gpt-4o-mini)');
    }
    if (value.TEXTGEN_PROVIDER === 'gemini' && !set.TEXTGEN_API_KEY) report('TEXTGEN_API_KEY', 'required when TEXTGEN_PROVIDER=gemini');
  },
  config: (e) => {
    const gemini = e.TEXTGEN_PROVIDER === 'gemini';
    const generator: TextgenConfig = {
      provider: e.TEXTGEN_PROVIDER,
      baseUrl: (e.TEXTGEN_BASE_URL ?? (gemini ? GEMINI_DEFAULT_BASE_URL : undefined))?.replace(/\/+$/, ''),
      model: e.TEXTGEN_MODEL ?? (gemini ? GEMINI_DEFAULT_MODEL : undefined),
      apiKey: e.TEXTGEN_API_KEY,
      timeoutMs: TEXTGEN_TIMEOUT_MS,
    };
    return { textgen: generator };
  },
});

/** Drafting is on when a provider is configured (POST /events/draft-description; 503 otherwise). */
export function draftingEnabled(config: { textgen: TextgenConfig }): boolean {
  const { provider, baseUrl, model, apiKey } = config.textgen;
  if (provider === 'openai') return Boolean(baseUrl && model);
  if (provider === 'gemini') return Boolean(baseUrl && model && apiKey);
  return false;
}
