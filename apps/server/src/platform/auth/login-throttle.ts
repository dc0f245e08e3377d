import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CounterStore } from '../limits/counter-store';
import { addressKey } from '../limits/client-address';
import type { LoginLimits } from '../config/config';
import { refuse } from '../limits/limiter';

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

    const pair = await this.counters.increment(pairKey, perAccountAddress.windowMs);
    if (pair.count > perAccountAddress.max) refuse(reply, 'too many failed attempts for this account from your network', pair.resetInMs);
    const fromAddress = await this.counters.increment(addressKeyName, perAddress.windowMs);
    if (fromAddress.count > perAddress.max) refuse(reply, 'too many failed attempts from your network', fromAddress.resetInMs);
    // The device lookup costs a query: only made once the account is under attack.
    const account = await this.counters.increment(accountKey, perAccount.windowMs);
    if (account.count > perAccount.max && !(await this.knownDevice(request, registrationId))) {
      refuse(reply, 'too many failed attempts for this account; log in from a browser you have used here before, or wait', account.resetInMs);
    }
    return {
      succeeded: async () => {
        await this.counters.reset(pairKey, accountKey);
        await this.counters.decrement(addressKeyName);
      },
    };
  }
}
