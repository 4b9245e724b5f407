// /api/v1/user/*: the signed-in user's own information.
import { userPaths, type UserInfo } from '../../src/api/user.ts';
import { requireSite } from '../http/origin.ts';
import { defineRoute } from '../http/route.ts';
import { wireBalances } from '../money/wireAmounts.ts';
import { balancesOfUser } from '../ledger/balances.ts';
import { referralCounts } from '../users/users.ts';

export const userRoutes = [
  defineRoute({
    method: 'GET',
    path: userPaths.info,
    auth: 'user',
    async handler({ context: { db, settings }, user, request }): Promise<UserInfo> {
      const [counts, balances] = await Promise.all([
        referralCounts(db, user.id),
        balancesOfUser(db, user.id),
      ]);
      const inviteUrl = new URL('/index', requireSite(request, settings.publicUrl).origin);
      inviteUrl.searchParams.set('code', user.invite_code);
      return {
        code: user.invite_code,
        name: user.address,
        address: user.address,
        zhi_num: counts.direct,
        team_num: counts.team,
        // Performance figures come with the ticket and node features; nobody has any yet.
        me_performance: '0',
        team_performance: '0',
        level: Number(user.level),
        invite_url: inviteUrl.toString(),
        activated_at: user.activated_at,
        created_at: user.created_at,
        balances: wireBalances(balances),
      };
    },
  }),
];
