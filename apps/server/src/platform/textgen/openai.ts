import { nonEmpty, postJson, type TextGenerator } from './text-generator';

export interface OpenAiOptions {
  /** Up to and including the API version, e.g. https://api.openai.com/v1 (no trailing slash). */
  baseUrl: string;
  model: string;
  /** Sent as a Bearer token when set (local servers often need none). */
  apiKey?: string;
}

/** Enough for four lines, with room to spare; the answer is capped at the description limit anyway. */
const MAX_TOKENS = 400;

/** Any OpenAI-compatible chat completions server: POST {baseUrl}/chat/completions. */
export function openAiGenerator({ baseUrl, model, apiKey }: OpenAiOptions): TextGenerator {
  return {
    async draft(prompt, signal) {
      const body = {
        model,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        max_tokens: MAX_TOKENS,
      };
      const answer = (await postJson(`${baseUrl}/chat/completions`, apiKey ? { authorization: `Bearer ${apiKey}` } : {}, body, signal)) as {
        choices?: { message?: { content?: unknown } }[];
      } | null;
      return nonEmpty(answer?.choices?.[0]?.message?.content);
    },
  };
}
