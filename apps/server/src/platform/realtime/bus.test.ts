import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../../test/build-app';
import type { Database, Listener } from '../db/database';
import { announce, Bus, BUS_CHANNEL, topic } from './bus';

const log = { warn: () => {} } as unknown as FastifyBaseLogger;
const added = topic('new', z.object({ from: z.number().int(), to: z.number().int() }));
const courseStale = topic('stale', z.object({ topic: z.literal('course'), id: z.string() }));
const noteStale = topic('stale', z.object({ topic: z.literal('note'), id: z.string() }));

describe('the bus', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let bus: Bus;
  const wire: string[] = [];
  const heard: string[] = [];

  beforeAll(async () => {
    test = await openTestDatabase();
    bus = await Bus.open(test.database, log);
    await test.database.listen(BUS_CHANNEL, { onMessage: (payload) => wire.push(payload) });
    bus.on(added, ({ from, to }) => heard.push(`added ${from}-${to}`));
    bus.on(added, (message) => heard.push(`added again ${JSON.stringify(message)}`));
    bus.on(courseStale, ({ id }) => heard.push(`course ${id}`));
    bus.on(noteStale, ({ id }) => heard.push(`note ${id}`));
  });
  afterAll(async () => {
    await bus.close();
    await test.drop();
  });

  it("carries a message to its topic's handlers, in the order they subscribed, in the wire form every release reads", async () => {
    heard.length = 0;
    wire.length = 0;
    await announce(test.database.db, added, { from: 3, to: 7 });
    await announce(test.database.db, courseStale, { topic: 'course', id: 'c1' });
    await expect.poll(() => heard).toEqual(['added 3-7', 'added again {"from":3,"to":7}', 'course c1']);
    // The test's own listening connection hears it on its own time, not the bus's.
    await expect.poll(() => wire).toEqual(['{"t":"new","from":3,"to":7}', '{"t":"stale","topic":"course","id":"c1"}']);
  });

  it('ignores what is not JSON, names no topic, or does not fit its topic', async () => {
    heard.length = 0;
    const raw = (payload: string) => test.database.db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${payload})`);
    for (const payload of ['not json', '42', 'null', '{"from":1,"to":2}', '{"t":"new","from":"1","to":2}', '{"t":"new","from":1.5,"to":2}', '{"t":"stale","topic":"user","id":"u"}', '{"t":"unknown"}']) {
      await raw(payload);
    }
    await announce(test.database.db, noteStale, { topic: 'note', id: 'n1' });
    await expect.poll(() => heard).toEqual(['note n1']);
  });

  it('says nothing of a rolled back transaction, and everything at its commit', async () => {
    heard.length = 0;
    await test.database.db
      .transaction(async (tx) => {
        await announce(tx, added, { from: 1, to: 1 });
        throw new Error('rollback');
      })
      .catch(() => {});
    await test.database.db.transaction(async (tx) => {
      await announce(tx, added, { from: 2, to: 2 });
      expect(heard).toEqual([]);
    });
    await expect.poll(() => heard).toEqual(['added 2-2', 'added again {"from":2,"to":2}']);
  });
});

describe('after the listening connection came back', () => {
  it('tells each part that subscribed to resume once, whatever the number of its topics', async () => {
    let listener: Listener | undefined;
    const database = { listen: async (_channel: string, l: Listener) => ((listener = l), async () => {}) } as unknown as Database;
    const bus = await Bus.open(database, log);
    const resumed: string[] = [];
    bus.on(added, () => {});
    bus.on(courseStale, () => {});
    bus.onResume(() => resumed.push('hub'));
    bus.onResume(() => resumed.push('cache'));
    listener!.onResume!();
    expect(resumed).toEqual(['hub', 'cache']);
    await bus.close();
    listener!.onResume!();
    listener!.onMessage('{"t":"new","from":1,"to":1}');
    expect(resumed).toEqual(['hub', 'cache']);
  });
});
