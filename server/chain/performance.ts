// Personal and team performance (user centre): JU of confirmed purchases — tickets and
// nodes — by the user, and by everyone below them in the referral tree.
import { sql } from 'kysely';
import type { AppDatabase } from '../db/database.ts';

export async function purchasePerformance(
  db: AppDatabase,
  userId: bigint,
): Promise<{ personal: bigint; team: bigint }> {
  const purchasesOf = (who: ReturnType<typeof sql>) => sql`
    CAST(COALESCE((SELECT SUM(price) FROM tickets
      WHERE user_id IN (${who}) AND status IN ('active', 'in_cycle')), 0) AS bigint)
    + CAST(COALESCE((SELECT SUM(total) FROM node_orders
      WHERE user_id IN (${who}) AND status = 'paid'), 0) AS bigint)`;
  // Referrers are set once at registration to an existing user: the tree has no cycles.
  const { rows } = await sql<{ personal: bigint | string; team: bigint | string }>`
    WITH RECURSIVE team (id) AS (
      SELECT id FROM users WHERE referrer_id = ${userId}
      UNION ALL
      SELECT users.id FROM users JOIN team ON users.referrer_id = team.id
    )
    SELECT ${purchasesOf(sql`${userId}`)} AS personal,
           ${purchasesOf(sql`SELECT id FROM team`)} AS team`.execute(db.kysely);
  const row = rows[0];
  return { personal: BigInt(row?.personal ?? 0), team: BigInt(row?.team ?? 0) };
}
