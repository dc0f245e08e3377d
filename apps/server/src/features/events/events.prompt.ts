import type { Prompt } from '../../platform/textgen';

const SYSTEM = 'You write short, friendly descriptions of campus events for a university portal. Answer with plain text only: no markdown, no headings, no lists, no title line.';

/** What is asked for a title: about four lines of plain text (docs/product.md#events). */
export const eventDescriptionPrompt = (title: string): Prompt => ({
  system: SYSTEM,
  user: `Write a description of about four lines for a campus event titled "${title}". Plain text only, no markdown.`,
});
