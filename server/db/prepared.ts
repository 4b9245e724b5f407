// Queries on the hottest paths (every signed-in request, every money operation), built and
// compiled once per database kind instead of on every call.
//
// Kysely builds an immutable query tree and compiles it to SQL on each call: for a money
// request's dozen small queries that is about a tenth of the server's CPU and much of its
// garbage. A prepared query is written with the same builder, with named parameters in
// place of values; the first call compiles it, later calls only bind values. Values are
// always bound, never inlined, so the SQL text is the same for every call.
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { AppDatabase } from './database.ts';
import { executePipelined } from './pipeline.ts';
import type { SqlDialectName } from './dialect.ts';
import type { DatabaseSchema } from './schema.ts';

const MARK = '\u0000prepared-parameter:';
const INDEX_MARK = '\u0000';

/** Where a bound value comes from: a parameter, one item of a list parameter, or a constant. */
type Slot<P> = { name: keyof P; index?: number } | { value: unknown };

interface Template<P> {
  sql: string;
  slots: Slot<P>[];
}

/**
 * A query with named parameters. `build` receives stand-ins for the parameters, typed as
 * the real values; it must read each by name (a spread of the stand-ins is empty) and use
 * it as a bound value (not through `sql.lit`). A list parameter (e.g. for `in`, or one row
 * per item of a multi-row insert) is a list of stand-ins: the query is compiled once per
 * list length. `dialect` is the database kind the query is compiled for.
 */
export function prepared<P extends object, Row>(
  build: (db: Kysely<DatabaseSchema>, parameters: P, dialect: SqlDialectName) => Compilable<Row>,
): PreparedQuery<P, Row> {
  const templates = new Map<string, Template<P>>();
  const compiled = (db: AppDatabase, parameters: P): CompiledQuery<Row> => {
    const key = templateKey(db.dialect, parameters);
    let template = templates.get(key);
    if (!template) {
      template = compileTemplate(db, parameters, build);
      templates.set(key, template);
    }
    const values = template.slots.map((slot) => {
      if (!('name' in slot)) return slot.value;
      const value = parameters[slot.name];
      return slot.index === undefined ? value : (value as unknown[])[slot.index];
    });
    return CompiledQuery.raw(template.sql, values);
  };
  const run = async (db: AppDatabase, parameters: P) =>
    (await db.kysely.executeQuery<Row>(compiled(db, parameters))).rows;
  return Object.assign(run, {
    pipelined: (db: AppDatabase, parameters: P) => executePipelined(db, compiled(db, parameters)),
  });
}

export interface PreparedQuery<P, Row> {
  (db: AppDatabase, parameters: P): Promise<Row[]>;
  /**
   * Runs it without waiting for its answer: in a PostgreSQL transaction it goes out with the
   * next statement (db/pipeline.ts). For writes whose rows nobody reads.
   */
  pipelined(db: AppDatabase, parameters: P): Promise<void>;
}

/** The dialect plus the length of every list parameter: what changes the SQL text. */
function templateKey(dialect: SqlDialectName, parameters: object): string {
  let key: string = dialect;
  for (const [name, value] of Object.entries(parameters)) {
    if (Array.isArray(value)) key += ` ${name}:${value.length}`;
  }
  return key;
}

function compileTemplate<P extends object, Row>(
  db: AppDatabase,
  parameters: P,
  build: (db: Kysely<DatabaseSchema>, parameters: P, dialect: SqlDialectName) => Compilable<Row>,
): Template<P> {
  const used = new Set<string>();
  const standIns = new Proxy({} as P, {
    get: (_target, name) => {
      if (typeof name !== 'string') return undefined;
      used.add(name);
      const real = (parameters as Record<string, unknown>)[name];
      return Array.isArray(real)
        ? real.map((_item, index) => `${MARK}${name}${INDEX_MARK}${index}`)
        : `${MARK}${name}`;
    },
  });
  const compiled = build(db.kysely, standIns, db.dialect).compile();
  const slots = compiled.parameters.map((value): Slot<P> => {
    if (typeof value !== 'string' || !value.startsWith(MARK)) return { value };
    const [name, index] = value.slice(MARK.length).split(INDEX_MARK);
    return index === undefined
      ? { name: name as keyof P }
      : { name: name as keyof P, index: Number(index) };
  });
  const bound = new Set(slots.flatMap((slot) => ('name' in slot ? [String(slot.name)] : [])));
  const isEmptyList = (name: string) => {
    const real = (parameters as Record<string, unknown>)[name];
    return Array.isArray(real) && real.length === 0;
  };
  const lost = [...used].filter((name) => !bound.has(name) && !isEmptyList(name));
  // A stand-in that did not come out as a bound parameter would be sent as its marker.
  if (lost.length > 0 || compiled.sql.includes(MARK))
    throw new Error(`Prepared query parameters not bound as values: ${lost.join(', ')}`);
  return { sql: compiled.sql, slots };
}
