import { z } from 'zod';

/** The success envelope of every /api answer (docs/product.md#envelope). */
export interface ApiSuccess<T> {
  statusCode: number;
  data: T;
  message: string;
  success: true;
}

/** The error envelope: `errors` is never empty and clients show `errors[0]`. */
export interface ApiFailure {
  statusCode: number;
  data: null;
  message: string;
  errors: string[];
  success: false;
  /** The refusal's stable code (refusals.ts): what a client acts on and words, never the English. */
  code: string;
  /** The input the refusal concerns, when one does. */
  field?: string;
  /** The values the refusal's sentence needs (`{min: 1, max: 8}`); `{}` when none. */
  params: Record<string, string | number | readonly string[]>;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

export const apiFailureSchema = z.object({
  statusCode: z.number().int(),
  data: z.null(),
  message: z.string(),
  errors: z.array(z.string()).min(1),
  success: z.literal(false),
  code: z.string(),
  field: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])),
}).meta({ id: 'Failure' });

export const successSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    statusCode: z.number().int(),
    data,
    message: z.string(),
    success: z.literal(true),
  });

/** The `data` of an answer that carries nothing but its message (a deletion, a logout). */
export const emptyData = z.object({});
