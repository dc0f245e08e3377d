/**
 * The current user's query: the User, or null when nobody is logged in. The rule: it is never
 * invalidated. Login and every profile change (account, avatar) set it from the server's answer;
 * logging out sets it to null and drops every other query, which was made for that user
 * (session.ts forgetUser). The profile pages have no queries of their own.
 */
export const currentUserKey = ['current-user'] as const;
