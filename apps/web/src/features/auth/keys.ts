/**
 * The current user's query: the User, or null when nobody is logged in. The rule: it is never
 * invalidated. Login and every profile change (account, avatar) set it from the server's answer;
 * logging out sets it to null and drops every other query, which was made for that user
 * (session.ts forgetUser). The profile pages have no queries of their own.
 */
export const currentUserKey = ['current-user'] as const;

/** The campus sign-in providers (GET auth/providers): campus IT's configuration, the same for everyone. */
export const signInProvidersKey = ['sign-in-providers'] as const;

/** The campus sign-in waiting in this browser for the password of the account it matched (GET auth/link). */
export const pendingLinkKey = ['pending-link'] as const;
