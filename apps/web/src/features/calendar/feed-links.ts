/**
 * The feed's address as calendar apps take it. `webcal://` is the address with its scheme
 * replaced: Apple Calendar, Outlook and Thunderbird open it as a subscription (and fetch it over
 * http or https as the server answers). Google Calendar takes it in `cid`.
 */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

export const googleCalendarUrl = (url: string) => `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl(url))}`;
