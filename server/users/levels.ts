// A user's level (V0, V1, …): the operator gives it (`npm run admin -- user level`); the user
// centre and the menu show it at once (a userInfo event), and the app says where it comes from.
import type { SetLevelData } from '../admin/contractUsers.ts';
import type { ServerContext } from '../context.ts';
import { inTransaction } from '../db/transaction.ts';
import { DomainError } from '../domainError.ts';
import { emitUserEvent } from '../realtime/events.ts';
import { findUserByAddress } from './users.ts';

export function setUserLevel(
  context: ServerContext,
  address: string,
  level: number,
): Promise<SetLevelData> {
  return inTransaction(context.db, async (trx) => {
    const user = await findUserByAddress(trx, address);
    if (!user) throw new DomainError('user_not_found');
    if (Number(user.level) === level) return { address: user.address, level, changed: false };
    await trx.kysely
      .updateTable('users')
      .set({ level: BigInt(level) })
      .where('id', '=', user.id)
      .execute();
    await emitUserEvent(trx, context.now(), {
      userId: user.id,
      // The stream of the account's own figures, balances and user info alike (STREAM_AREAS).
      stream: 'user@balance',
      kind: 'level_changed',
      changes: ['userInfo'],
    });
    return { address: user.address, level, changed: true };
  });
}
