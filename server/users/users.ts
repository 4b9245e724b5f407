// Users: one per wallet address, each with its own invite code and the referrer whose code
// it registered with.
import { sql } from 'kysely';
import type { AppDatabase } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import type { UserRow } from '../db/schema.ts';
import { generateInviteCode, normalizeInviteCode } from './inviteCodes.ts';
import { recordReferral } from './teamFigures.ts';

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

/**
 * Call inside a transaction after lockUserCreation, so the chosen code stays free. The new
 * user counts in their referrer's and every upline's team figures from this same
 * transaction on (teamFigures.ts).
 */
export async function createUser(
  db: AppDatabase,
  input: { address: string; referrerId: bigint | null; now: Date },
): Promise<UserRow> {
  const user = await db.kysely
    .insertInto('users')
    .values({
      address: input.address,
      invite_code: await unusedInviteCode(db),
      referrer_id: input.referrerId,
      created_at: input.now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (input.referrerId !== null) await recordReferral(db, input.referrerId);
  return user;
}

/** Activation time: set once, by the first payment that carries the activation extra. */
export async function markActivated(db: AppDatabase, userId: bigint, now: Date): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ activated_at: now.toISOString() })
    .where('id', '=', userId)
    .where('activated_at', 'is', null)
    .execute();
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
