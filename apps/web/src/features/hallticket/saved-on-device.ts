import { useEffect, useState } from 'react';
import { ANSWER_SAVED, SAVED_AT, USER_CACHE } from '../../sw/names';
import { CARD_ANSWERS } from '../../sw/policy';

/**
 * Whether the admit card is saved on this device for exam day: every answer it needs is in the
 * service worker's user cache (decision 0032). `undefined` where this browser keeps nothing (no
 * service worker or CacheStorage: the card says nothing of it); null while it is not saved yet;
 * else the time of the oldest of them.
 */
export type SavedOnDevice = string | null | undefined;

async function savedAt(): Promise<SavedOnDevice> {
  const cache = await caches.open(USER_CACHE);
  const times = await Promise.all(CARD_ANSWERS.map(async (path) => (await cache.match(new URL(path, window.location.origin).href))?.headers.get(SAVED_AT) ?? null));
  if (times.some((t) => t === null)) return null;
  return (times as string[]).sort()[0]!;
}

/**
 * The card's saved state, read when the page opens, whenever the worker says it saved one of the
 * user's answers, and when `refresh` changes (the page's answers came again, through the worker).
 */
export function useSavedOnDevice(refresh: unknown): SavedOnDevice {
  const supported = typeof caches !== 'undefined' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
  const [state, setState] = useState<SavedOnDevice>(supported ? null : undefined);
  useEffect(() => {
    if (!supported) return;
    let live = true;
    const read = () =>
      void savedAt()
        .then((at) => live && setState(at))
        .catch(() => undefined);
    const onMessage = (event: MessageEvent) => {
      if (event.data === ANSWER_SAVED) read();
    };
    read();
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => {
      live = false;
      navigator.serviceWorker.removeEventListener('message', onMessage);
    };
  }, [supported, refresh]);
  return state;
}
