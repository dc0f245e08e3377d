import { z } from 'zod';

/**
 * Schemas several concerns' variables share. A variable's own rule (its format, its range) lives
 * in its schema; the message leaves out the name, which every report puts in front of it.
 */

/** Text, or undefined when unset or blank. */
export const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

/** A positive whole number, `fallback` when unset or blank. */
export const positiveInt = (name: string, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a positive whole number` });
        return z.NEVER;
      }
      return n;
    });

/** Text of at least `min` characters, or undefined: a key must be as hard to guess as what it signs. */
export const secretText = (min: number, example: string) =>
  optionalText.refine((v) => v === undefined || v.length >= min, { error: `must be at least ${min} characters (e.g. ${example})` });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An http(s) URL, or undefined. */
export const httpUrl = (example: string) => optionalText.refine((v) => v === undefined || isHttpUrl(v), { error: `must be an http(s) URL such as ${example}` });
