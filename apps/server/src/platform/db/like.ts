/** LIKE's own wildcards and escape character, escaped, so the user's text matches literally as a substring. */
export const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
