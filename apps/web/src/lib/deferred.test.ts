import { describe, expect, it, vi } from 'vitest';
import { deferred } from './deferred';

describe('deferred code', () => {
  it('loads once, and again after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('code');
    const code = deferred(load);
    await expect(code.get()).rejects.toThrow('offline');
    await expect(code.get()).resolves.toBe('code');
    await code.get();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
