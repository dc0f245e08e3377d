// oidc-provider ships no type declarations. Rather than add @types/oidc-provider (and @types/koa
// with it) to the lockfile for one test harness, this declares the part of its API that
// test/oidc-provider.ts uses, as documented in the package's docs/README.md (version 9).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** The Koa context oidc-provider's middleware runs with (only what the harness touches). */
  export interface KoaContext {
    req: IncomingMessage;
    res: ServerResponse;
    method: string;
    path: string;
    status: number;
    body: unknown;
    type: string;
    state: Record<string, unknown>;
    set(field: string, value: string): void;
    redirect(url: string): void;
  }

  export type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: {
      name: 'login' | 'consent' | (string & {});
      details: {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
    };
    params: Record<string, unknown> & { client_id: string; login_hint?: string };
    session?: { accountId: string; uid: string };
    grantId?: string;
  }

  export type InteractionResult =
    | { login: { accountId: string } }
    | { consent: { grantId: string } }
    | { error: string; error_description?: string };

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(indicator: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface Client {
    clientId: string;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    readonly issuer: string;
    readonly Grant: typeof Grant;
    /** The browser's session, found from the request's cookie (a new, unsaved one without). */
    readonly Session: { get(ctx: KoaContext): Promise<{ accountId?: string; destroy(): Promise<void> }> };
    /** Adds a middleware that runs before oidc-provider's own routes (Koa's `use`). */
    use(middleware: Middleware): this;
    /** A `(req, res)` listener for node's http(s).createServer (Koa's `callback`). */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    /** Stores the result and answers where the user agent resumes the authorization request. */
    interactionResult(req: IncomingMessage, res: ServerResponse, result: InteractionResult, options?: { mergeWithLastSubmission?: boolean }): Promise<string>;
    on(event: 'backchannel.error', listener: (ctx: KoaContext, error: Error, client: Client, accountId: string, sid: string) => void): this;
    on(event: 'server_error', listener: (ctx: KoaContext, error: Error) => void): this;
  }
}

declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  /** The in-memory storage oidc-provider uses by default (a constructor it accepts as `adapter`). */
  export function createMemoryAdapter(clockTolerance: number): new (model: string) => unknown;
}
