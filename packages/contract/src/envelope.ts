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
  /** Why, for a client to act on rather than show: a 401's reason the session ended (SessionEndCode). */
  code?: string;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

export const apiFailureSchema = z.object({
  statusCode: z.number().int(),
  data: z.null(),
  message: z.string(),
  errors: z.array(z.string()).min(1),
  success: z.literal(false),
  code: z.string().optional(),
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
