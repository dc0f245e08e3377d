import { z } from 'zod';
import { concern } from './concern';
import { optionalText } from './fields';
import { isAddressOrRange } from './server';

/** GET /metrics for Prometheus: whether anything is collected, and who besides loopback may read it. */

const onOff = optionalText.transform((v, ctx): boolean => {
  if (v === undefined || v === 'on') return true;
  if (v === 'off') return false;
  ctx.addIssue({ code: 'custom', message: 'must be on or off' });
  return z.NEVER;
});

const allowList = optionalText.transform((v, ctx): string[] => {
  if (v === undefined) return [];
  const entries = v.split(',').map((a) => a.trim()).filter((a) => a !== '');
  if (!entries.every(isAddressOrRange)) {
    ctx.addIssue({ code: 'custom', message: 'must be comma-separated IPs or CIDR ranges, IPv4 or IPv6 (e.g. 10.0.5.20,192.168.0.0/16,fd00::/8)' });
    return z.NEVER;
  }
  return entries;
});

export const metrics = concern({
  env: {
    METRICS: onOff,
    METRICS_ALLOW: allowList,
  },
  config: (e) => ({
    metrics: {
      /** Off: no hook, no collector, and /metrics is an unknown path. */
      enabled: e.METRICS,
      /** Addresses and CIDR ranges, besides loopback, that may read /metrics (the client's, behind a trusted proxy). */
      allow: e.METRICS_ALLOW,
    },
  }),
});
