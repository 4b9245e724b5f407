// /api/v1/user/*: the signed-in user's own information.
import { userPaths, type UserInfo } from '../../src/api/user.ts';
import { requireSite } from '../http/origin.ts';
import { defineRoute } from '../http/route.ts';
import { wireBalances } from '../money/wireAmounts.ts';
import { balancesOfUser } from '../ledger/balances.ts';
import { referralCounts } from '../users/users.ts';
import { purchasePerformance } from '../chain/performance.ts';
import { wireAmount } from '../money/wireAmounts.ts';

export const userRoutes = [
  defineRoute({
    method: 'GET',
    path: userPaths.info,
    auth: 'user',
    async handler({ context: { db, settings }, user, request }): Promise<UserInfo> {
      const [counts, balances, performance] = await Promise.all([
        referralCounts(db, user.id),
        balancesOfUser(db, user.id),
        purchasePerformance(db, user.id),
      ]);
      const inviteUrl = new URL('/index', requireSite(request, settings.publicUrl).origin);
      inviteUrl.searchParams.set('code', user.invite_code);
      return {
        code: user.invite_code,
        name: user.address,
        address: user.address,
        zhi_num: counts.direct,
        team_num: counts.team,
        // JU of the user's (and their referral tree's) ticket and node purchases.
        me_performance: wireAmount('JU', performance.personal),
        team_performance: wireAmount('JU', performance.team),
        level: Number(user.level),
        invite_url: inviteUrl.toString(),
        activated_at: user.activated_at,
        created_at: user.created_at,
        balances: wireBalances(balances),
      };
    },
  }),
];
