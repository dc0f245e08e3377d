import type { z } from 'zod';

/**
 * What one concern (the server, mail, storage…) reads from the environment: its variables,
 * the checks that span several of them, and its part of `Config`. `config.ts` lists the concerns
 * and builds `Config` from their parts, so a new group of settings is one new file here.
 */

/** The variables a concern owns, each with the schema that turns its text into a value. */
export type EnvShape = Record<string, z.ZodType>;

/** The variables' values, as their schemas produce them. */
export type EnvValues<E extends EnvShape> = { [K in keyof E]: z.output<E[K]> };

/** One thing wrong with the environment, named by the variable the operator has to fix. */
export interface Problem {
  variable: string;
  message: string;
}

/** What a cross-check is given. */
export interface CheckInput<E extends EnvShape> {
  /** Each valid variable's value; a malformed one is absent here, having been reported on its own. */
  value: Partial<EnvValues<E>>;
  /**
   * Whether each variable is given (not blank), valid or not: "required when X is set" asks this,
   * so that a malformed X still calls for its companions in the same report.
   */
  set: Record<keyof E, boolean>;
}

export interface Concern<E extends EnvShape, Slice, R extends EnvShape> {
  /** The variables this concern owns: each is read by its schema here and nowhere else. */
  env: E;
  /** Variables another concern owns that this one also reads (that concern's schemas, for their types). */
  reads?: R;
  /**
   * Rules across variables (a choice that needs another setting), run on every start-up whatever
   * else is wrong, so that the operator sees every problem at once. Each `report` names a variable.
   */
  check?: (input: CheckInput<E & R>, report: (variable: keyof (E & R) & string, message: string) => void) => void;
  /** This concern's part of `Config`, from values that passed every schema and check. */
  config: (values: EnvValues<E & R>) => Slice;
}

/** Declares a concern; the function only lends its parts their types. */
export function concern<E extends EnvShape, Slice, R extends EnvShape = Record<never, never>>(definition: Concern<E, Slice, R>): Concern<E, Slice, R> {
  return definition;
}
