// Summing 64-bit unit columns exactly on both databases. PostgreSQL's SUM(bigint) is
// `numeric` (unbounded, read as text here); SQLite's SUM throws on 64-bit overflow, so it
// sums the high and low 32-bit halves separately (each sum fits unless there are more than
// 2^31 rows) and the two are recombined here as a bigint.
import { sql, type RawBuilder } from 'kysely';
import type { SqlDialectName } from './dialect.ts';

/** The SQL for the exact sum of `column`, to read back with unitsFromSum. */
export function sumUnits(dialect: SqlDialectName, column: string): RawBuilder<string | null> {
  const ref = sql.ref(column);
  return dialect === 'postgres'
    ? sql<string | null>`CAST(SUM(${ref}) AS text)`
    : sql<string | null>`(SUM(${ref} >> 32) || ':' || SUM(${ref} & 4294967295))`;
}

/** The bigint a sumUnits column holds; zero for the sum of no rows. */
export function unitsFromSum(value: string | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  const [high, low] = value.split(':');
  return low === undefined ? BigInt(high!) : (BigInt(high!) << 32n) + BigInt(low);
}
