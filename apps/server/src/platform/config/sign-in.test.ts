import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const oidc = {
  id: 'campus',
  type: 'oidc',
  label: 'Campus account',
  issuer: 'https://login.example.edu',
  clientId: 'portal',
  clientSecret: 'secret',
  claims: { registrationId: 'student_id', email: 'email', fullname: 'name' },
  roles: [{ claim: 'groups', value: 'students', role: 'student' }],
};
const saml = {
  id: 'infed',
  type: 'saml',
  label: 'INFED',
  entryPoint: 'https://idp.example.edu/sso',
  idpCert: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
  claims: { registrationId: 'urn:oid:studentId', email: 'mail', fullname: 'displayName' },
  roles: [{ claim: 'eduPersonAffiliation', value: 'faculty', role: 'professor' }],
};

const PUBLIC_ORIGIN = 'https://portal.example.edu';

/** Every problem a start-up with `env` reports, as "VARIABLE: message". */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.map((p) => `${p.variable}: ${p.message}`);
    throw err;
  }
  return [];
}

describe('AUTH_PROVIDERS and PASSWORD_LOGIN', () => {
  it('default to no providers and password sign-in for everyone', () => {
    expect(loadConfig({})).toMatchObject({ signInProviders: [], passwordLogin: 'on' });
  });

  it('read a JSON array of OIDC and SAML providers, from the variable or from a file', () => {
    expect(loadConfig({ AUTH_PROVIDERS: JSON.stringify([oidc, saml]), PUBLIC_ORIGIN }).signInProviders.map((p) => p.id)).toEqual(['campus', 'infed']);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'campus-auth-')), 'providers.json');
    fs.writeFileSync(file, JSON.stringify([saml]));
    expect(loadConfig({ AUTH_PROVIDERS_FILE: file, PUBLIC_ORIGIN }).signInProviders).toMatchObject([{ id: 'infed', type: 'saml' }]);
  });

  it('need PUBLIC_ORIGIN: the providers are given, and check answers against, addresses built on it alone', () => {
    const message = "PUBLIC_ORIGIN: required when AUTH_PROVIDERS or AUTH_PROVIDERS_FILE is set: the providers' redirect, audience and recipient addresses are built on it";
    expect(problems({ AUTH_PROVIDERS: JSON.stringify([oidc]) })).toEqual([message]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'campus-auth-')), 'providers.json');
    fs.writeFileSync(file, JSON.stringify([saml]));
    expect(problems({ AUTH_PROVIDERS_FILE: file })).toEqual([message]);
    // Named even when the providers themselves are malformed: the operator sees both at once.
    expect(problems({ AUTH_PROVIDERS: '[{' })).toEqual(['AUTH_PROVIDERS: must be a JSON array of providers', message]);
    expect(problems({ AUTH_PROVIDERS: JSON.stringify([oidc]), PUBLIC_ORIGIN })).toEqual([]);
  });

  it.each([
    ['not JSON', '[{', 'AUTH_PROVIDERS: must be a JSON array of providers'],
    ['an OIDC issuer over plain http', JSON.stringify([{ ...oidc, issuer: 'http://login.example.edu' }]), 'AUTH_PROVIDERS: [0.issuer] must be an https:// URL'],
    ['a SAML entry point over plain http off loopback', JSON.stringify([{ ...saml, entryPoint: 'http://idp.example.edu/sso' }]), 'AUTH_PROVIDERS: [0.entryPoint] must be an https:// URL (http:// only on loopback)'],
    ['two providers with one id', JSON.stringify([oidc, { ...saml, id: 'campus' }]), 'AUTH_PROVIDERS: [1.id] campus is the id of two providers'],
    ['no role rules', JSON.stringify([{ ...oidc, roles: [] }]), 'AUTH_PROVIDERS: [0.roles] must hold at least one rule: with none, nobody could sign in'],
    ['an unknown role', JSON.stringify([{ ...oidc, roles: [{ claim: 'groups', value: 'x', role: 'dean' }] }]), 'AUTH_PROVIDERS: [0.roles.0.role]'],
    ['a missing claim for the registration id', JSON.stringify([{ ...oidc, claims: { email: 'email', fullname: 'name' } }]), 'AUTH_PROVIDERS: [0.claims.registrationId]'],
    ['an id that cannot be a URL segment', JSON.stringify([{ ...oidc, id: 'Campus/SSO' }]), 'AUTH_PROVIDERS: [0.id] must be 1–40 lowercase letters, digits or dashes'],
    ['a SAML certificate that is not PEM', JSON.stringify([{ ...saml, idpCert: 'MIIB' }]), 'AUTH_PROVIDERS: [0.idpCert]'],
  ])('refuse %s, naming where', (_what, value, expected) => {
    expect(problems({ AUTH_PROVIDERS: value, PUBLIC_ORIGIN }).join('\n')).toContain(expected);
  });

  it('name an unreadable file, and refuse both variables at once', () => {
    expect(problems({ AUTH_PROVIDERS_FILE: '/nonexistent/providers.json', PUBLIC_ORIGIN })).toEqual(['AUTH_PROVIDERS_FILE: cannot be read (ENOENT)']);
    expect(problems({ AUTH_PROVIDERS: JSON.stringify([oidc]), AUTH_PROVIDERS_FILE: '/nonexistent/providers.json', PUBLIC_ORIGIN })).toContain('AUTH_PROVIDERS_FILE: give AUTH_PROVIDERS or AUTH_PROVIDERS_FILE, not both');
  });

  it('PASSWORD_LOGIN=admins needs a provider, and signup closed', () => {
    expect(problems({ PASSWORD_LOGIN: 'admins' })).toEqual([
      'PASSWORD_LOGIN: admins needs AUTH_PROVIDERS: nobody but administrators could sign in',
      'SIGNUP: must be closed when PASSWORD_LOGIN=admins: a signed-up account could never sign in',
    ]);
    expect(loadConfig({ PASSWORD_LOGIN: 'admins', SIGNUP: 'closed', AUTH_PROVIDERS: JSON.stringify([oidc]), PUBLIC_ORIGIN }).passwordLogin).toBe('admins');
    expect(problems({ PASSWORD_LOGIN: 'some' })).toEqual(['PASSWORD_LOGIN: PASSWORD_LOGIN must be on or admins']);
  });
});
