/**
 * Code fetched once, on first use, and fetched again after a failure (the network may be back).
 * `preload` starts the download early and swallows failures: they are reported where `get` is used.
 */
export function deferred<T>(load: () => Promise<T>) {
  let pending: Promise<T> | undefined;
  const get = () =>
    (pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    }));
  const preload = () => {
    get().catch(() => {});
  };
  return { get, preload };
}
