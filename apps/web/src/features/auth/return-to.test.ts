import { describe, expect, it } from 'vitest';
import { loginHref, returnPathFrom, safeReturnPath } from './return-to';

describe('the return path after login', () => {
  it('keeps a same-site path with its search and hash', () => {
    expect(safeReturnPath('/course/7c0a?tab=notes#top')).toBe('/course/7c0a?tab=notes#top');
    expect(returnPathFrom(`?next=${encodeURIComponent('/all-courses?semester=3')}`)).toBe('/all-courses?semester=3');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/steal'],
    ['a protocol-relative URL', '//evil.example/steal'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'course/1'],
    ['the login page itself', '/login?next=/x'],
    ['nothing', null],
  ])('refuses %s: home instead', (_label, value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it('the login address carries the page, and nothing for home', () => {
    expect(loginHref('/hallticket')).toBe('/login?next=%2Fhallticket');
    expect(loginHref('/')).toBe('/login');
  });
});
