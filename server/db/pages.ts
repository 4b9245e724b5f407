// One page of a list and the list's total, the way every list answers (`page`, `page_size`
// in; `list`, `total` out). A page past the end is an empty list.
import { sql, type SelectQueryBuilder } from 'kysely';

export interface Page {
  /** From 1. */
  page: number;
  pageSize: number;
}

export function pageOffset({ page, pageSize }: Page): number {
  return (page - 1) * pageSize;
}

/** What a query selects before its columns are chosen (Kysely's own starting point). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type Unselected = {};

/** A query that reads rows, whatever it joins: all a page needs of it. */
interface Pageable<Row> {
  limit(limit: number): { offset(offset: number): { execute(): Promise<Row[]> } };
}

/**
 * Counts what `filtered` matches and reads one page of it: `rows` picks the columns and the
 * order (newest first, as lists are shown), this adds the page's limit and offset.
 */
export async function readPage<DB, TB extends keyof DB, Row>(
  filtered: SelectQueryBuilder<DB, TB, Unselected>,
  rows: (query: SelectQueryBuilder<DB, TB, Unselected>) => Pageable<Row>,
  page: Page,
): Promise<{ rows: Row[]; total: number }> {
  // Typed by hand: over a generic table, Kysely cannot narrow the result of a select.
  const counted = (await filtered
    .select(sql<bigint>`count(*)`.as('count'))
    .executeTakeFirstOrThrow()) as { count: bigint };
  const found = await rows(filtered).limit(page.pageSize).offset(pageOffset(page)).execute();
  return { total: Number(counted.count), rows: found };
}
