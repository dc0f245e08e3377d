/**
 * The room the admit card's QR code takes on screen (a 240 px code and two lines under it),
 * held from the first paint: the code comes in its own chunk after the card, and appearing
 * between the details and the papers it would push them down as the student reads (a layout
 * shift Lighthouse counted against /hallticket). The fallback and the code both use it.
 */
export const CODE_SLOT = 'flex min-h-[19.5rem] flex-col items-center justify-center gap-2 self-center';
