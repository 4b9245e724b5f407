// What the card area's list routes share: the page a request asks for, and the owner's
// wallet address beside each row of the operator's lists.
import type { AppDatabase } from '../db/database.ts';
import type { Page } from '../db/pages.ts';
import { addressesOf } from '../users/users.ts';

/** The page of a card list request (`page`, `page_size` in the body). */
export const pageOf = (input: { page: number; page_size: number }): Page => ({
  page: input.page,
  pageSize: input.page_size,
});

/** A page of rows as the operator sees them: each row's wire form and its owner's address. */
export async function withOwners<Row, Wire>(
  db: AppDatabase,
  found: { rows: readonly Row[]; total: number },
  userIdOf: (row: Row) => bigint,
  wire: (row: Row) => Wire,
): Promise<{ total: number; list: (Wire & { user_address: string })[] }> {
  const owners = await addressesOf(db, found.rows.map(userIdOf));
  return {
    total: found.total,
    list: found.rows.map((row) => ({
      ...wire(row),
      user_address: owners.get(userIdOf(row)) ?? '',
    })),
  };
}
