// Users: one per wallet address, each with its own invite code and the referrer whose code
// it registered with.
import { sql } from 'kysely';
import type { AppDatabase } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import type { UserRow } from '../db/schema.ts';
import { generateInviteCode, normalizeInviteCode } from './inviteCodes.ts';

const INVITE_CODE_ATTEMPTS = 5;

const userByAddress = prepared((db, { address }: { address: string }) =>
  db.selectFrom('users').selectAll().where('address', '=', address),
);

export async function findUserByAddress(
  db: AppDatabase,
  address: string,
): Promise<UserRow | undefined> {
  return (await userByAddress(db, { address }))[0];
}

export async function findUserByInviteCode(
  db: AppDatabase,
  code: string,
): Promise<UserRow | undefined> {
  return db.kysely
    .selectFrom('users')
    .selectAll()
    .where('invite_code', '=', normalizeInviteCode(code))
    .executeTakeFirst();
}

export async function hasAnyUser(db: AppDatabase): Promise<boolean> {
  const row = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * On PostgreSQL, serialises user creation until the caller's transaction ends, so "is this
 * the very first user?" and "does this address exist yet?" cannot race. (SQLite transactions
 * already run one at a time.) Registration is rare, so the lock costs nothing noticeable.
 */
export async function lockUserCreation(db: AppDatabase): Promise<void> {
  if (db.dialect === 'postgres')
    await sql`LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE`.execute(db.kysely);
}

/** Call inside a transaction after lockUserCreation, so the chosen code stays free. */
export async function createUser(
  db: AppDatabase,
  input: { address: string; referrerId: bigint | null; now: Date },
): Promise<UserRow> {
  return db.kysely
    .insertInto('users')
    .values({
      address: input.address,
      invite_code: await unusedInviteCode(db),
      referrer_id: input.referrerId,
      created_at: input.now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// Checked before inserting rather than retried after a failed insert: on PostgreSQL a
// failed statement aborts the whole transaction.
async function unusedInviteCode(db: AppDatabase): Promise<string> {
  for (let attempt = 0; attempt < INVITE_CODE_ATTEMPTS; attempt++) {
    const code = generateInviteCode();
    const taken = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('invite_code', '=', code)
      .executeTakeFirst();
    if (!taken) return code;
  }
  throw new Error(`No free invite code after ${INVITE_CODE_ATTEMPTS} attempts`);
}

export interface ReferralCounts {
  direct: number;
  team: number;
}

export async function referralCounts(db: AppDatabase, userId: bigint): Promise<ReferralCounts> {
  // Everyone below the user, at any depth, in one round trip; depth 1 are the direct
  // referrals. Referrers are set once at registration to an existing user, so the tree has
  // no cycles and the recursion ends.
  const { rows } = await sql<{ direct: bigint | null; team: bigint }>`
    WITH RECURSIVE team (id, depth) AS (
      SELECT id, 1 FROM users WHERE referrer_id = ${userId}
      UNION ALL
      SELECT users.id, team.depth + 1 FROM users JOIN team ON users.referrer_id = team.id
    )
    SELECT count(*) AS team, sum(CASE WHEN depth = 1 THEN 1 ELSE 0 END) AS direct FROM team`.execute(
    db.kysely,
  );
  return { direct: Number(rows[0]?.direct ?? 0), team: Number(rows[0]?.team ?? 0) };
}

/** The addresses of these users, by id (for the operator's lists). */
export async function addressesOf(
  db: AppDatabase,
  userIds: bigint[],
): Promise<Map<bigint, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('users')
    .select(['id', 'address'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.address]));
}
