import { TextGenError, nonEmpty, postJson, type TextGenerator } from './text-generator';

export interface GeminiOptions {
  /** https://generativelanguage.googleapis.com unless configured otherwise (no trailing slash). */
  baseUrl: string;
  model: string;
  apiKey: string;
}

/** Google's Gemini API: POST {baseUrl}/v1beta/models/{model}:generateContent, the key in a header (never the URL). */
export function geminiGenerator({ baseUrl, model, apiKey }: GeminiOptions): TextGenerator {
  return {
    async draft(prompt, signal) {
      const body = { contents: [{ parts: [{ text: `${prompt.system}\n\n${prompt.user}` }] }] };
      const url = `${baseUrl}/v1beta/models/${encodeURIComponent(model)}:generateContent`;
      const answer = (await postJson(url, { 'x-goog-api-key': apiKey }, body, signal)) as {
        candidates?: { content?: { parts?: { text?: unknown }[] } }[];
      } | null;
      const parts = answer?.candidates?.[0]?.content?.parts;
      if (!Array.isArray(parts)) throw new TextGenError('malformed', 'the provider answer has no candidate text');
      return nonEmpty(parts.map((p) => (typeof p?.text === 'string' ? p.text : '')).join(''));
    },
  };
}
