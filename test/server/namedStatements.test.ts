// PostgreSQL statements go out named, so a connection plans each text once. A stand-in pool
// records what the pg client is asked (the real pool runs under every PostgreSQL server test).
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  NAMED_STATEMENTS_LIMIT,
  withNamedStatements,
  type NamingPool,
} from '../../server/db/namedStatements.ts';
import { readQueryStats } from '../../server/db/queryStats.ts';

function recordingPool() {
  const calls: unknown[][] = [];
  const client = {
    query: (...args: unknown[]) => {
      calls.push(args);
      return Promise.resolve({ command: 'SELECT', rowCount: 0, rows: [] });
    },
    release: () => undefined,
  } as unknown as pg.PoolClient;
  const pool: NamingPool = {
    connect: (() => Promise.resolve(client)) as NamingPool['connect'],
    end: () => Promise.resolve(),
    options: {} as pg.Pool['options'],
  };
  return { pool: withNamedStatements(pool), calls };
}

describe('named statements', () => {
  it('names a statement with parameters by its text, the same name each time', async () => {
    const { pool, calls } = recordingPool();
    const client = await pool.connect();
    await client.query('select $1::int', [1]);
    await client.query('select $1::int', [2]);
    await client.query('select $1::text', ['a']);
    expect(calls).toEqual([
      [{ name: 'ju_0', text: 'select $1::int', values: [1] }],
      [{ name: 'ju_0', text: 'select $1::int', values: [2] }],
      [{ name: 'ju_1', text: 'select $1::text', values: ['a'] }],
    ]);
  });

  it('sends a statement without parameters (begin, commit) as it is', async () => {
    const { pool, calls } = recordingPool();
    const client = await pool.connect();
    await client.query('begin', []);
    expect(calls).toEqual([['begin', []]]);
  });

  it('counts every query it sends, named or not (the benchmark reports queries per request)', async () => {
    const { pool } = recordingPool();
    const client = await pool.connect();
    const before = readQueryStats().queries;
    await client.query('begin', []);
    await client.query('select $1::int', [1]);
    await client.query('commit', []);
    expect(readQueryStats().queries - before).toBe(3);
  });

  it('hands out one connection object per pg client, as Kysely keys its connections by it', async () => {
    const { pool } = recordingPool();
    expect(await pool.connect()).toBe(await pool.connect());
  });

  it('sends new texts unnamed past the bound, and keeps the names it gave', async () => {
    const { pool, calls } = recordingPool();
    const client = await pool.connect();
    for (let index = 0; index < NAMED_STATEMENTS_LIMIT; index++) {
      await client.query(`select $1::int + ${index}`, [index]);
    }
    await client.query('select $1::int - 1', [5]);
    await client.query('select $1::int + 0', [6]);
    expect(calls.at(-2)).toEqual(['select $1::int - 1', [5]]);
    expect(calls.at(-1)).toEqual([{ name: 'ju_0', text: 'select $1::int + 0', values: [6] }]);
  });
});
