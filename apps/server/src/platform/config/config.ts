import { z } from 'zod';
import { accounts } from './accounts';
import { campus } from './campus';
import type { CheckInput, EnvShape, Problem } from './concern';
import { database } from './database';
import { documents } from './documents';
import { limits } from './limits';
import { mail } from './mail';
import { metrics } from './metrics';
import { secrets } from './secrets';
import { server } from './server';
import { signIn } from './sign-in';
import { storage } from './storage';
import { telemetry } from './telemetry';
import { textgen } from './textgen';

/**
 * Every setting, validated once at start-up. A bad value stops the process with a message naming
 * the variable rather than failing later at the first request, and every problem is reported in
 * that one message, so the operator fixes them in one round. Each concern (one file here) owns its
 * variables, checks and part of `Config`; a new group of settings is a new file and a line below.
 */
const concerns = [server, database, storage, campus, accounts, signIn, documents, limits, secrets, textgen, mail, telemetry, metrics] as const;

type SliceOf<C> = C extends { config: (values: never) => infer Slice } ? Slice : never;
type Slices<T extends readonly unknown[]> = T extends readonly [infer Head, ...infer Rest] ? SliceOf<Head> & Slices<Rest> : unknown;

/** The settings the server runs with: every concern's part, side by side. */
export type Config = { [K in keyof Slices<typeof concerns>]: Slices<typeof concerns>[K] };

// What the rest of the server imports with `Config`: it reaches every setting through this file.
export type { LoginLimits, RateLimit } from './limits';
export { MAIL_WORKER_DEFAULTS, type MailConfig, type MailWorkerSettings } from './mail';
export { draftingEnabled } from './textgen';
export type { Problem } from './concern';
export { describeProvider, type ClaimsMap, type OidcProviderConfig, type RoleRule, type SamlProviderConfig, type SignInProviderConfig } from './sign-in';

/**
 * The concerns as the loader sees them. Each is handed the values its own schemas produced, which
 * TypeScript cannot follow through a list of concerns of different types; `Config` keeps the types.
 */
interface AnyConcern {
  env: EnvShape;
  reads?: EnvShape;
  check?: (input: CheckInput<EnvShape>, report: (variable: string, message: string) => void) => void;
  config: (values: Record<string, unknown>) => object;
}
const loaded = concerns as readonly unknown[] as readonly AnyConcern[];

function ownedVariables(): EnvShape {
  const owned: EnvShape = {};
  for (const c of loaded) {
    for (const [name, schema] of Object.entries(c.env)) {
      if (name in owned) throw new Error(`${name} is owned by two configuration concerns`);
      owned[name] = schema;
    }
  }
  for (const c of loaded) {
    for (const name of Object.keys(c.reads ?? {})) if (!(name in owned)) throw new Error(`${name} is read by a configuration concern but owned by none`);
  }
  return owned;
}

/** Every variable the server reads. Exported for the test that keeps the README's configuration table in step. */
export const envSchema = z.object(ownedVariables());

export class ConfigError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Each variable is parsed alone, so that one malformed value hides no other problem.
  const value: Record<string, unknown> = {};
  const set: Record<string, boolean> = {};
  const malformed = new Map<string, Problem[]>();
  for (const [name, schema] of Object.entries(envSchema.shape)) {
    const raw = env[name];
    set[name] = raw !== undefined && raw.trim() !== '';
    const parsed = schema.safeParse(raw);
    if (parsed.success) value[name] = parsed.data;
    else malformed.set(name, parsed.error.issues.map((i) => ({ variable: name, message: i.message })));
  }
  const problems: Problem[] = [];
  for (const c of loaded) {
    for (const name of Object.keys(c.env)) problems.push(...(malformed.get(name) ?? []));
    c.check?.({ value, set }, (variable, message) => problems.push({ variable, message }));
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const config: Record<string, unknown> = {};
  for (const c of loaded) {
    for (const [field, setting] of Object.entries(c.config(value))) {
      if (field in config) throw new Error(`Config.${field} is given by two configuration concerns`);
      config[field] = setting;
    }
  }
  return config as Config;
}

/**
 * The settings for a command run by an operator (the server, backup, restore): a bad setting is
 * printed, naming its variable, and the process exits 1 rather than throwing a stack trace.
 */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
