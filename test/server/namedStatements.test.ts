// PostgreSQL statements go out named, so a connection plans each text once, and statements
// that need no answer yet go out with the next one (server/db/pipeline.ts). A stand-in pool
// records what the pg client is asked (the real pool runs under every PostgreSQL server test).
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../server/db/database.ts';
import { executePipelined } from '../../server/db/pipeline.ts';
import type { DatabaseSchema } from '../../server/db/schema.ts';
import {
  NAMED_STATEMENTS_LIMIT,
  withNamedStatements,
  type NamingPool,
} from '../../server/db/namedStatements.ts';
import { readQueryStats } from '../../server/db/queryStats.ts';

function recordingPool(options: { pipelineMode?: boolean; fails?: RegExp } = {}) {
  const calls: unknown[][] = [];
  const client = {
    query: (...args: unknown[]) => {
      calls.push(args);
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
      if (options.fails?.test(text)) return Promise.reject(new Error(`refused: ${text}`));
      return Promise.resolve({ command: 'SELECT', rowCount: 0, rows: [] });
    },
    release: () => undefined,
  } as unknown as pg.PoolClient;
  const pool: NamingPool = {
    connect: (() => Promise.resolve(client)) as NamingPool['connect'],
    end: () => Promise.resolve(),
    options: {} as pg.Pool['options'],
  };
  return { pool: withNamedStatements(pool, options), calls };
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

  it('sends a statement without parameters as it is', async () => {
    const { pool, calls } = recordingPool();
    const client = await pool.connect();
    await client.query('select 1', []);
    expect(calls).toEqual([['select 1', []]]);
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

describe('statements sent together', () => {
  /** A Kysely on the stand-in pool, and what the pg client was asked, as texts. */
  const database = (options: { pipelineMode?: boolean; fails?: RegExp } = {}) => {
    const { pool, calls } = recordingPool(options);
    const kysely = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    const texts = () =>
      calls.map(([query]) =>
        typeof query === 'string' ? query : (query as { text: string }).text,
      );
    return { db: { kysely, dialect: 'postgres' } as AppDatabase, texts };
  };
  const select = (text: string) => CompiledQuery.raw(text, [1]);
  const roundTrips = () => readQueryStats().roundTrips;

  it('sends BEGIN with the first statement, a pipelined one with the next, all in one round trip', async () => {
    const { db, texts } = database({ pipelineMode: true });
    const before = roundTrips();
    await db.kysely.transaction().execute(async (trx) => {
      const inTrx = { kysely: trx, dialect: 'postgres' } as const;
      await executePipelined(inTrx, select('lock $1'));
      expect(texts()).toEqual([]);
      await trx.executeQuery(select('read $1'));
      expect(texts()).toEqual(['begin', 'lock $1', 'read $1']);
      await executePipelined(inTrx, select('store $1'));
    });
    expect(texts()).toEqual(['begin', 'lock $1', 'read $1', 'store $1', 'commit']);
    expect(roundTrips() - before).toBe(2);
  });

  it('sends nothing for a transaction that runs no statement', async () => {
    const { db, texts } = database({ pipelineMode: true });
    await db.kysely.transaction().execute(async () => {});
    await expect(
      db.kysely.transaction().execute(async () => {
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(texts()).toEqual([]);
  });

  it('drops a pipelined statement unsent when the transaction rolls back', async () => {
    const { db, texts } = database({ pipelineMode: true });
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await trx.executeQuery(select('read $1'));
        await executePipelined({ kysely: trx, dialect: 'postgres' }, select('store $1'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(texts()).toEqual(['begin', 'read $1', 'rollback']);
  });

  it('fails the statement a pipelined one went with, with its own error, up to the COMMIT', async () => {
    const { db } = database({ pipelineMode: true, fails: /^store/ });
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await executePipelined({ kysely: trx, dialect: 'postgres' }, select('store $1'));
        await trx.executeQuery(select('read $1'));
      }),
    ).rejects.toThrow('refused: store $1');
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await trx.executeQuery(select('read $1'));
        await executePipelined({ kysely: trx, dialect: 'postgres' }, select('store $1'));
      }),
    ).rejects.toThrow('refused: store $1');
  });

  it('runs a pipelined statement at once outside a transaction', async () => {
    const { db, texts } = database({ pipelineMode: true });
    await executePipelined(db, select('store $1'));
    expect(texts()).toEqual(['store $1']);
  });

  it('counts a round trip per statement when the client does not pipeline', async () => {
    const { db } = database({ pipelineMode: false });
    const before = roundTrips();
    await db.kysely.transaction().execute(async (trx) => {
      await trx.executeQuery(select('read $1'));
    });
    expect(roundTrips() - before).toBe(3);
  });
});
