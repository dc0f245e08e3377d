import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, COURSE_TABS, pages } from './pages';

/** A route pattern as a test of a link's path: `:param` is one non-empty segment. */
const routeOf = (link: string) => {
  const path = new URL(link, 'http://campus.test').pathname;
  return CLIENT_ROUTES.find((route) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(path));
};

/** Every link each builder can give, with ids and tokens that need encoding. */
const links = Object.entries(pages).flatMap(([name, page]): [string, string][] => {
  if (typeof page === 'string') return [[name, page]];
  switch (name) {
    case 'course':
      return COURSE_TABS.map((tab) => [`${name} ${tab}`, pages.course('c/1 ?', tab)]);
    case 'applicant':
      return [
        [name, pages.applicant('a/1')],
        [`${name} semester`, pages.applicant('a/1', 3)],
      ];
    case 'view':
      return [[name, pages.view('/files/abc', 'Week 1 & 2')]];
    case 'adminAudit':
      return [
        [name, pages.adminAudit()],
        [`${name} filtered`, pages.adminAudit({ actor: 'a/1', target: 't?1', action: 'user.updated' })],
      ];
    default:
      return [[name, (page as (arg: string) => string)('x/y?z=1&t')]];
  }
});

describe('pages', () => {
  it("every builder's link is a client route the server answers", () => {
    expect(links.filter(([, link]) => routeOf(link) === undefined)).toEqual([]);
  });

  it('every client route has a builder', () => {
    const built = new Set(links.map(([, link]) => routeOf(link)));
    expect(CLIENT_ROUTES.filter((route) => !built.has(route))).toEqual([]);
  });

  it('writes ids as one segment, and tokens and semesters in the query', () => {
    expect(pages.course('abc')).toBe('/course/abc');
    expect(pages.course('abc', 'course')).toBe('/course/abc');
    expect(pages.course('abc', 'notes')).toBe('/course/abc/notes');
    expect(pages.course('a/b')).toBe('/course/a%2Fb');
    expect(pages.applicant('s1')).toBe('/applicant/s1');
    expect(pages.applicant('s1', 4)).toBe('/applicant/s1?semester=4');
    expect(pages.event('e1')).toBe('/event/e1');
    expect(pages.editEvent('e1')).toBe('/event/e1/edit');
    expect(pages.resetPassword('t+/=')).toBe('/reset-password?token=t%2B%2F%3D');
    expect(pages.confirmEmail('t')).toBe('/confirm-email?token=t');
    expect(pages.unsubscribe()).toBe('/unsubscribe');
    expect(pages.unsubscribe('t')).toBe('/unsubscribe?token=t');
    expect(pages.adminUser('u/1')).toBe('/admin/users/u%2F1');
    expect(pages.adminAudit()).toBe('/admin/audit');
    expect(pages.adminAudit({ actor: 'a1', target: '', action: 'course.deleted' })).toBe('/admin/audit?actor=a1&action=course.deleted');
    expect(pages.view('/files/f1', 'Week 1')).toBe('/view?file=%2Ffiles%2Ff1&title=Week+1');
  });
});
