// The statements Kysely runs in this process while `work` runs (a test server runs in the
// test's process), each with the number of rows it returned: for tests that a path runs the
// statements it should and no others. BEGIN and COMMIT go to the driver directly and are
// not seen here; server/db/queryStats.ts counts them.
import { DefaultQueryExecutor, type CompiledQuery, type QueryResult } from 'kysely';

export interface RunStatement {
  sql: string;
  rows: number;
}

type ExecuteQuery = (query: CompiledQuery, ...rest: unknown[]) => Promise<QueryResult<unknown>>;

export async function captureStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: RunStatement[] }> {
  // Every Kysely instance and transaction runs its queries through this class's method,
  // inherited from its base: an own method on the prototype sees them all until deleted.
  const prototype = DefaultQueryExecutor.prototype as unknown as { executeQuery: ExecuteQuery };
  if (Object.hasOwn(prototype, 'executeQuery')) throw new Error('Statements already captured');
  const inherited = prototype.executeQuery;
  const statements: RunStatement[] = [];
  prototype.executeQuery = async function (this: unknown, query, ...rest) {
    const result = await inherited.call(this, query, ...rest);
    statements.push({ sql: query.sql.replace(/\s+/g, ' ').trim(), rows: result.rows.length });
    return result;
  };
  try {
    return { result: await work(), statements };
  } finally {
    delete (prototype as { executeQuery?: ExecuteQuery }).executeQuery;
  }
}
