import { api } from '@campus/contract/api';
import { describe, expect, it } from 'vitest';
import { contractRoutesModule, routesOf } from './contract-routes';

describe('the browser’s copy of the contract’s endpoints', () => {
  it('has every endpoint of the contract, with its method and path and nothing else', () => {
    const routes = routesOf(api) as Record<string, Record<string, object>>;
    expect(Object.keys(routes)).toEqual(Object.keys(api));
    for (const [feature, endpoints] of Object.entries(api)) {
      expect(Object.keys(routes[feature]!)).toEqual(Object.keys(endpoints));
      for (const [name, endpoint] of Object.entries(endpoints)) {
        expect(routes[feature]![name]).toEqual({ method: endpoint.method, path: endpoint.path });
      }
    }
  });

  it('is a module of plain data: no schema, no import', () => {
    const code = contractRoutesModule(api);
    expect(code).toMatch(/^export const api = \{/);
    // An import statement or a schema would bring zod (paths may say "imports": the roster's do).
    expect(code).not.toMatch(/\bimport\s|\bfrom\s*["']|zod|"def"/);
    expect(code).toContain('"/api/v1/users/login"');
  });
});
