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
import type { SqlDialectName } from './dialect.ts';
import type { DatabaseSchema } from './schema.ts';

const MARK = '\u0000prepared-parameter:';

type Slot<P> = { name: keyof P } | { value: unknown };

interface Template<P> {
  sql: string;
  slots: Slot<P>[];
}

/**
 * A query with named parameters. `build` receives stand-ins for the parameters, typed as
 * the real values; it must read each by name (a spread of the stand-ins is empty) and use
 * it as a bound value (not in `in` lists, whose length would change the SQL, and not
 * through `sql.lit`).
 */
export function prepared<P extends object, Row>(
  build: (db: Kysely<DatabaseSchema>, parameters: P) => Compilable<Row>,
): (db: AppDatabase, parameters: P) => Promise<Row[]> {
  const templates = new Map<SqlDialectName, Template<P>>();
  return async (db, parameters) => {
    let template = templates.get(db.dialect);
    if (!template) {
      template = compileTemplate(db.kysely, build);
      templates.set(db.dialect, template);
    }
    const values = template.slots.map((slot) =>
      'name' in slot ? parameters[slot.name] : slot.value,
    );
    const result = await db.kysely.executeQuery<Row>(CompiledQuery.raw(template.sql, values));
    return result.rows;
  };
}

function compileTemplate<P extends object, Row>(
  kysely: Kysely<DatabaseSchema>,
  build: (db: Kysely<DatabaseSchema>, parameters: P) => Compilable<Row>,
): Template<P> {
  const used = new Set<string>();
  const standIns = new Proxy({} as P, {
    get: (_target, name) => {
      if (typeof name !== 'string') return undefined;
      used.add(name);
      return `${MARK}${name}`;
    },
  });
  const compiled = build(kysely, standIns).compile();
  const slots = compiled.parameters.map((value): Slot<P> =>
    typeof value === 'string' && value.startsWith(MARK)
      ? { name: value.slice(MARK.length) as keyof P }
      : { value },
  );
  const bound = new Set(slots.flatMap((slot) => ('name' in slot ? [String(slot.name)] : [])));
  const lost = [...used].filter((name) => !bound.has(name));
  // A stand-in that did not come out as a bound parameter would be sent as its marker.
  if (lost.length > 0 || compiled.sql.includes(MARK))
    throw new Error(`Prepared query parameters not bound as values: ${lost.join(', ')}`);
  return { sql: compiled.sql, slots };
}
