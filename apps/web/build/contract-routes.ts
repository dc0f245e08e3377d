import type { api as contractApi } from '@campus/contract/api';
import type { Endpoint } from '@campus/contract/endpoint';
import type { Plugin } from 'vite';

/**
 * What the browser reads of an endpoint: its method and path pattern. The web app calls
 * endpoints by their contract declaration (`call(api.courses.get, …)`, decision 0013), and the
 * types come from it; but at run time `call` reads only these two, while the declarations carry
 * their zod schemas, and importing `api` brought zod and every schema (about 20 KB on the wire)
 * into the first load of every page, /login included.
 */
type Routes<G> = { [K in keyof G]: G[K] extends Endpoint ? Pick<G[K], 'method' | 'path'> : Routes<G[K]> };

const isEndpoint = (x: object): x is Endpoint => 'method' in x && 'path' in x;

export function routesOf<G extends object>(table: G): Routes<G> {
  return Object.fromEntries(
    Object.entries(table).map(([key, value]: [string, object]) => [key, isEndpoint(value) ? { method: value.method, path: value.path } : routesOf(value)]),
  ) as Routes<G>;
}

/** The module the browser gets for `@campus/contract/api`: the same table, method and path only. */
export const contractRoutesModule = (api: typeof contractApi) => `export const api = ${JSON.stringify(routesOf(api))};\n`;

/**
 * The contract's table, read when the build needs it: through tsx, since the contract is
 * TypeScript with extensionless imports, which neither Node nor Vite's config loader runs.
 */
export async function loadApi(): Promise<typeof contractApi> {
  const { tsImport } = await import('tsx/esm/api');
  return ((await tsImport('@campus/contract/api', import.meta.url)) as { api: typeof contractApi }).api;
}

const VIRTUAL = '\0campus:contract-routes';

/**
 * Vite plugin (build only): `@campus/contract/api` becomes `contractRoutesModule()`. Type checks
 * and tests still see the contract itself; the server registers its routes from it.
 */
export function contractRoutes(): Plugin {
  return {
    name: 'campus:contract-routes',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === '@campus/contract/api' ? VIRTUAL : null),
    load: async (id) => (id === VIRTUAL ? contractRoutesModule(await loadApi()) : null),
  };
}
