import type { LimitReason } from '@campus/contract/limit-reasons';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Count, CounterStore } from '../limits/counter-store';
import { addressKey } from '../limits/client-address';
import type { LoginLimits } from '../config/config';
import { limitReached } from '../limits/limiter';
import { deviceCookieHash } from './known-devices';

/** A password check under way; only a failure is left counted. */
export interface Attempt {
  /** The password was right: the account's failures are forgotten, the address's attempt refunded. */
  succeeded(): Promise<void>;
}

/**
 * Throttles password checks (login, and change-password's old password) so that a guesser is
 * slowed and a victim is not locked out (decision 0009). Attempts are counted when they start,
 * so a burst of concurrent guesses cannot slip past a count that only grows once each has
 * failed; a success takes its own attempt back. Refused attempts never reach the (costly)
 * password hash.
 *
 * A browser that logged into the account before (its device cookie) is held by none of the three
 * limits: someone behind the same campus address, or anywhere, cannot lock its owner out by
 * spending them. It has an allowance of its own instead, as many failures as one address has
 * for the account, so a stolen device cookie is no licence to guess.
 */
export class LoginThrottle {
  constructor(
    private readonly counters: CounterStore,
    private readonly limits: LoginLimits,
    /** Whether the request comes from a browser that logged into this account before. */
    private readonly knownDevice: (request: FastifyRequest, registrationId: number) => Promise<boolean>,
  ) {}

  /**
   * The account's owner proved themselves another way (a password reset link): the failures
   * counted against the account, and against it from this address, are forgotten.
   */
  async forgive(request: FastifyRequest, registrationId: number): Promise<void> {
    await this.counters.reset(`login-pair:${registrationId}:${addressKey(request.ip)}`, `login-account:${registrationId}`);
  }

  /** Counts an attempt on `registrationId`'s password, or answers 429 (with Retry-After). */
  async begin(request: FastifyRequest, reply: FastifyReply, registrationId: number): Promise<Attempt> {
    const { perAccountAddress, perAddress, perAccount } = this.limits;
    const address = addressKey(request.ip);
    const pairKey = `login-pair:${registrationId}:${address}`;
    const addressKeyName = `login-address:${address}`;
    const accountKey = `login-account:${registrationId}`;
    const device = deviceCookieHash(request);
    const deviceKey = device ? `login-device:${registrationId}:${device}` : undefined;

    // Asked once a limit is met, and only then: the device lookup costs a query.
    let mayPass: Promise<boolean> | undefined;
    const knownMayPass = () => (mayPass ??= this.deviceMayPass(request, registrationId, deviceKey));
    const check = async (count: Count, max: number, what: LimitReason) => {
      if (count.count > max && !(await knownMayPass())) limitReached(reply, what, count.resetInMs);
    };
    // A refused attempt stops here: the counters after it are not charged for it.
    await check(await this.counters.increment(pairKey, perAccountAddress.windowMs), perAccountAddress.max, 'login_account_address');
    await check(await this.counters.increment(addressKeyName, perAddress.windowMs), perAddress.max, 'login_address');
    await check(
      await this.counters.increment(accountKey, perAccount.windowMs),
      perAccount.max,
      'login_account',
    );
    return {
      succeeded: async () => {
        await this.counters.reset(pairKey, accountKey, ...(deviceKey ? [deviceKey] : []));
        await this.counters.decrement(addressKeyName);
      },
    };
  }

  /** A browser that logged into the account before, within its own allowance of failures. */
  private async deviceMayPass(request: FastifyRequest, registrationId: number, deviceKey: string | undefined): Promise<boolean> {
    if (!deviceKey) return false;
    const { max, windowMs } = this.limits.perAccountAddress;
    const own = await this.counters.increment(deviceKey, windowMs);
    return own.count <= max && (await this.knownDevice(request, registrationId));
  }
}
