/** The feed's address: one per user, changed only by Reset (the cache is cleared at logout with the rest). */
export const calendarKeys = {
  feed: ['calendar', 'feed'] as const,
};
