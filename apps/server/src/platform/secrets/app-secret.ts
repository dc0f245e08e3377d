import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { appSecrets } from '../../db/schema';
import type { Config } from '../config/config';
import type { Db } from '../db/database';

/** The name of the generated key in `app_secrets`. */
const GENERATED = 'app';

/**
 * The server's key for values it must be able to show again yet not store: a calendar feed's
 * address is derived from a stored random seed under this key, and only the address's hash is
 * stored. With APP_SECRET set, a copy of the database alone derives nothing. Without it, a key
 * is generated once and kept in the database, so that every instance derives the same addresses
 * with nothing configured; the database then holds all it takes, which start-up says.
 */
export class AppSecret {
  private constructor(private readonly key: Buffer) {}

  static async open(db: Db, config: Pick<Config, 'appSecret'>, log: FastifyBaseLogger): Promise<AppSecret> {
    if (config.appSecret !== undefined) return new AppSecret(Buffer.from(config.appSecret, 'utf8'));
    log.info('APP_SECRET is not set: calendar feed addresses are derived from a key kept in the database; set APP_SECRET so that a copy of the database alone opens no feed');
    // Several instances starting at once keep the first key written.
    await db.insert(appSecrets).values({ name: GENERATED, value: randomBytes(48).toString('base64url') }).onConflictDoNothing();
    const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, GENERATED));
    if (!row) throw new Error('the generated app secret was not stored');
    return new AppSecret(Buffer.from(row.value, 'utf8'));
  }

  /**
   * HMAC-SHA256 of `message` under a key of its own for `purpose`: a value derived for one use
   * (a feed token) is never valid for another.
   */
  derive(purpose: string, message: string): Buffer {
    const purposeKey = createHmac('sha256', this.key).update(purpose).digest();
    return createHmac('sha256', purposeKey).update(message).digest();
  }
}
