// PostgreSQL parses and plans an unnamed statement on every execution. The server's queries
// are a fixed set of texts with bound values, so each is sent as a named prepared statement
// instead: a connection parses it once, then only binds and runs it. Measured with
// `BENCH_DB=postgres npm run bench`, four runs each way alternating on the reference machine:
// ticket transfers 381–482/s unnamed against 445–680/s named; user/info 1,110–1,320/s
// against 1,834–2,170/s.
//
// Names are never reused for another text (a connection keeps what it has prepared under a
// name), so past a bound, new texts simply go unnamed: queries whose text varies (an `IN`
// list of any length) cannot fill a connection with statements.
import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { pipelinedConnection } from './pipeline.ts';
import { countQuery, countRoundTrip, countTimedQuery } from './queryStats.ts';

export const NAMED_STATEMENTS_LIMIT = 1000;

/** The subset of pg's pool this needs: a stand-in pool in tests implements just this. */
export type NamingPool = Pick<pg.Pool, 'connect' | 'end' | 'options'>;

export function withNamedStatements(
  pool: NamingPool,
  { pipelineMode = false }: { pipelineMode?: boolean } = {},
): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | null => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= NAMED_STATEMENTS_LIMIT) return null;
    const name = `ju_${names.size}`;
    names.set(text, name);
    return name;
  };
  // Kysely keys its connections by the client object: one wrapper per pg client.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const send = (text: string, values: readonly unknown[] | undefined) => {
      const name = values && values.length > 0 ? nameOf(text) : null;
      return countTimedQuery(
        name === null
          ? client.query(text, values as unknown[])
          : client.query({ name, text, values: values as unknown[] }),
      );
    };
    // BEGIN and pipelined statements go out with the next statement (pipeline.ts).
    const query = pipelinedConnection(send, pipelineMode);
    return {
      query: ((textOrCursor: unknown, values?: readonly unknown[]) => {
        if (typeof textOrCursor !== 'string') {
          countQuery();
          countRoundTrip();
          return client.query(textOrCursor as never);
        }
        return query(textOrCursor, values);
      }) as unknown as PostgresPoolClient['query'],
      release: (destroy?: boolean) => client.release(destroy),
      get processID() {
        return (client as unknown as { processID?: number }).processID;
      },
    };
  };
  return {
    get options() {
      return pool.options;
    },
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
