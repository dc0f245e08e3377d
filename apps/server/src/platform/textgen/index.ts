import type { Config } from '../config/config';
import { geminiGenerator } from './gemini';
import { openAiGenerator } from './openai';
import type { TextGenerator } from './text-generator';

export { TextGenError, type Prompt, type TextGenerator } from './text-generator';

/** The configured text generator, or undefined when drafting is off (config checked these fields at start-up). */
export function createTextGenerator(textgen: Config['textgen']): TextGenerator | undefined {
  const { provider, baseUrl, model, apiKey } = textgen;
  if (provider === 'openai' && baseUrl && model) return openAiGenerator({ baseUrl, model, apiKey });
  if (provider === 'gemini' && baseUrl && model && apiKey) return geminiGenerator({ baseUrl, model, apiKey });
  return undefined;
}
