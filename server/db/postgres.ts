// PostgreSQL through pg's Pool. BIGINT (int8) columns come back from pg as strings by
// default; this pool parses them into bigints so both databases hand the same types up.
import pg from 'pg';
import { PostgresDialect } from 'kysely';
import { withNamedStatements } from './namedStatements.ts';

const INT8_OID = 20;
const POOL_SIZE = 10;

function typeParser(oid: number, format?: 'text' | 'binary') {
  if (oid === INT8_OID && format !== 'binary') return (value: string) => BigInt(value);
  return pg.types.getTypeParser(oid, format);
}

/** How the connection pool is used right now (GET /metrics). */
export interface PoolUse {
  max: number;
  open: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export function createPostgresDialect(
  connectionString: string,
  watchPool?: (use: () => PoolUse) => void,
): PostgresDialect {
  const pool = new pg.Pool({
    connectionString,
    max: POOL_SIZE,
    // Statements handed to a client together go out together (db/pipeline.ts).
    pipeline: true,
    types: { getTypeParser: typeParser } as pg.CustomTypesConfig,
  });
  // An idle client that loses its connection emits 'error'; without a listener that would
  // crash the process. The pool drops the client and opens a new one on demand.
  pool.on('error', () => {});
  watchPool?.(() => ({
    max: POOL_SIZE,
    open: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
  return new PostgresDialect({ pool: withNamedStatements(pool, { pipelineMode: true }) });
}
