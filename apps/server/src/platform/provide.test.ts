import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Bus } from './realtime/bus';
import type { Database } from './db/database';
import { needed, provide } from './provide';
import './types';

// Stand-ins for the parts: only their names and the order of their closing matter here.
const part = <T>(name: string) => ({ name }) as unknown as T;

describe('start-up order held by what each part needs', () => {
  it('a part whose needs are not there yet is refused at start-up, naming the missing one', () => {
    const app = Fastify();
    expect(() => provide(app, 'bus', part<Bus>('bus'), { needs: ['database'] })).toThrow(/database/);
  });

  it('a plugin reading a part nobody provided yet fails at registration, naming it', () => {
    const app = Fastify();
    expect(() => needed(app, 'bus')).toThrow(/app\.bus is needed before it is registered/);
    provide(app, 'database', part<Database>('database'));
    expect(needed(app, 'database')).toEqual({ name: 'database' });
  });

  it('parts close before the parts they need', async () => {
    const app = Fastify();
    const closed: string[] = [];
    provide(app, 'database', part<Database>('database'), { close: () => void closed.push('database') });
    provide(app, 'bus', part<Bus>('bus'), { needs: ['database'], close: () => void closed.push('bus') });
    await app.ready();
    await app.close();
    expect(closed).toEqual(['bus', 'database']);
  });
});
