import { describe, expect, it } from 'vitest';
import { NEXT_PATH_MAX, localPathOf, signInStartQuery } from './auth';
import { SIGN_IN_ERROR_CODES } from './sign-in-errors';
import { pages } from './pages';

/**
 * Where a campus sign-in sends the browser afterwards (`next`): a path on this site, or nothing.
 * Each refused value is another site, or no path, to some browser: a browser drops tabs and line
 * breaks from a URL and reads `\` as `/`, and a client router may decode `%2F`.
 */
const ELSEWHERE = [
  '//evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\u0000/evil.example',
  '/\u0085/evil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5Cevil.example',
  'https://evil.example',
  'https:evil.example',
  'HTTPS://evil.example/',
  ' /my-courses',
  'javascript:alert(1)',
  'my-courses',
  '',
  `/${'a'.repeat(NEXT_PATH_MAX)}`,
];

describe('localPathOf', () => {
  it.each(ELSEWHERE)('refuses %j', (value) => {
    expect(localPathOf(value)).toBeNull();
    expect(localPathOf(value, 'https://portal.example.edu')).toBeNull();
  });

  it.each([
    ['/', '/'],
    ['/my-courses', '/my-courses'],
    ['/course/42?tab=notes#top', '/course/42?tab=notes#top'],
    ['/a/../my-courses', '/my-courses'],
    ['/./hallticket', '/hallticket'],
    ['/my courses', '/my%20courses'],
    ['/search?q=//evil', '/search?q=//evil'],
  ])('keeps %j as the path %j', (value, path) => {
    expect(localPathOf(value, 'https://portal.example.edu')).toBe(path);
  });
});

describe('the start of a sign-in', () => {
  it.each(ELSEWHERE.filter((v) => v !== ''))('refuses next=%j, naming the field', (next) => {
    const parsed = signInStartQuery.safeParse({ next });
    expect(parsed.success).toBe(false);
  });

  it('keeps next in its normalised form', () => {
    expect(signInStartQuery.parse({ next: '/a/../hallticket' }).next).toBe('/hallticket');
  });
});

describe('the login page a refusal leads to', () => {
  it.each(SIGN_IN_ERROR_CODES)('carries the code %s, never a sentence', (code) => {
    const url = new URL(pages.loginRefused(code, '/my-courses'), 'https://portal.example.edu');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('error')).toBe(code);
    expect(url.searchParams.get('next')).toBe('/my-courses');
  });
});
