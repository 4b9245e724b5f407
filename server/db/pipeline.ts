// Statements sent together: one round trip to PostgreSQL for several statements of one
// transaction, where the code does not need the earlier ones' answers to go on.
//
// Every PostgreSQL round trip costs the server CPU and, inside a transaction, holds its row
// locks for its duration. Two kinds of statement need no answer before the next one is sent:
//   - BEGIN: it goes out with the transaction's first statement (and not at all when the
//     transaction sends nothing);
//   - a write whose rows the code does not read (a lock taken, an answer stored, events
//     written): executePipelined sends it with the transaction's next statement, at the
//     latest its COMMIT.
// The pg client runs in pipeline mode (postgres.ts), so statements handed to it together go
// out together and are answered in order. Each is its own extended-protocol message with its
// own Sync, so an error in one aborts the transaction: every later one fails, COMMIT turns
// into ROLLBACK, and the caller sees the first error, where it would have seen it had it
// waited (a statement sent "later" fails the statement it went with, never silently). A
// pipelined statement left waiting when the transaction rolls back is never sent.
// Outside a transaction, and on SQLite (in the process: no round trips), nothing waits: a
// pipelined statement runs at once.
import type { CompiledQuery, QueryResult as KyselyResult } from 'kysely';
import type { QueryResult } from 'pg';
import type { SqlDialectName } from './dialect.ts';
import { countRoundTrip } from './queryStats.ts';

// The parameter lists of queries to send with the next statement. Kysely hands a compiled
// query's parameter list to the driver as it is, so the connection can tell them apart.
const sendWithNext = new WeakSet<readonly unknown[]>();

/**
 * Runs `query` in `db`'s transaction without waiting for its answer: on PostgreSQL it goes
 * out with the transaction's next statement, whose answer then also says whether it failed.
 * For writes whose rows nobody reads. Outside a transaction, or on SQLite, it runs at once.
 */
export async function executePipelined(db: Database, query: CompiledQuery): Promise<void> {
  if (db.dialect === 'postgres' && db.kysely.isTransaction) {
    // A fresh list: the same compiled query may also be run on its own elsewhere.
    const parameters = [...query.parameters];
    sendWithNext.add(parameters);
    await db.kysely.executeQuery({ ...query, parameters });
    return;
  }
  await db.kysely.executeQuery(query);
}

/** What this needs of an AppDatabase (database.ts, which reaches this file through the pool). */
interface Database {
  readonly dialect: SqlDialectName;
  readonly kysely: {
    readonly isTransaction: boolean;
    executeQuery(query: CompiledQuery): Promise<KyselyResult<unknown>>;
  };
}

type Send = (text: string, values: readonly unknown[] | undefined) => Promise<QueryResult>;

interface Waiting {
  text: string;
  values: readonly unknown[] | undefined;
}

/** What the driver is answered for a statement not sent yet (Kysely reads `rows` only). */
function notSentYet(command: string): QueryResult {
  return { command, rowCount: null, rows: [], oid: 0, fields: [] };
}

/**
 * One pg connection's statements, sent as they come except those that may wait: BEGIN and
 * pipelined statements inside a transaction wait for the next statement and go out with it.
 * `pipelineMode`: the client sends statements without waiting for answers (otherwise each
 * is still its own round trip, and counted so).
 */
export function pipelinedConnection(send: Send, pipelineMode: boolean) {
  let waiting: Waiting[] = [];
  /** Whether the transaction's BEGIN is still among the waiting: nothing was sent yet. */
  let unsent = false;
  let inTransaction = false;

  const sendAll = async (statements: Waiting[]): Promise<QueryResult> => {
    const answers = statements.map((statement) => send(statement.text, statement.values));
    if (pipelineMode) countRoundTrip();
    else for (let count = 0; count < statements.length; count++) countRoundTrip();
    const settled = await Promise.allSettled(answers);
    // The first failure is the cause; the ones after it only say the transaction is aborted.
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    return (settled.at(-1) as PromiseFulfilledResult<QueryResult>).value;
  };

  return (text: string, values: readonly unknown[] | undefined): Promise<QueryResult> => {
    const command = text.length <= 20 ? text.trim().toLowerCase() : '';
    if (command === 'begin') {
      inTransaction = true;
      unsent = true;
      waiting = [{ text, values }];
      return Promise.resolve(notSentYet('BEGIN'));
    }
    if (command === 'commit' || command === 'rollback') {
      const before = waiting;
      const beginUnsent = unsent;
      waiting = [];
      unsent = false;
      inTransaction = false;
      if (command === 'rollback') {
        // What waited is dropped unsent; a transaction never begun has nothing to undo.
        if (beginUnsent) return Promise.resolve(notSentYet('ROLLBACK'));
        return sendAll([{ text, values }]);
      }
      // A transaction with nothing in it has nothing to commit.
      if (beginUnsent && before.length === 1) return Promise.resolve(notSentYet('COMMIT'));
      return sendAll([...before, { text, values }]);
    }
    if (inTransaction && values && sendWithNext.has(values)) {
      waiting.push({ text, values });
      return Promise.resolve(notSentYet('SELECT'));
    }
    const statements = [...waiting, { text, values }];
    waiting = [];
    unsent = false;
    return sendAll(statements);
  };
}
