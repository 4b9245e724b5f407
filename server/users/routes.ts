// /api/v1/user/*: the signed-in user's own information.
import { type UserInfo, type ZhiListData, userEndpoints } from '../../contract/api/user.ts';
import { requireSite } from '../http/origin.ts';
import { defineRoute } from '../http/route.ts';
import { wireAmount, wireBalances } from '../../contract/money/wireAmounts.ts';
import { PERFORMANCE_ASSET } from './performance.ts';
import { directReferrals } from './referrals.ts';
import { infoFiguresOfUser } from './userInfoFigures.ts';

export const userRoutes = [
  defineRoute({
    endpoint: userEndpoints.info,
    async handler({ context: { db, settings }, user, request }): Promise<UserInfo> {
      // One statement whatever the team's size (the session usually comes from memory).
      const { team: counts, balances, level, activatedAt } = await infoFiguresOfUser(db, user.id);
      // Written out rather than parsed (on every call): an origin and a code of letters and
      // digits (inviteCodes.ts) need no more.
      const inviteUrl = `${requireSite(request, settings.publicUrl).origin}/index?code=${encodeURIComponent(user.invite_code)}`;
      return {
        code: user.invite_code,
        name: user.address,
        address: user.address,
        zhi_num: counts.direct,
        team_num: counts.team,
        me_performance: wireAmount(PERFORMANCE_ASSET, counts.personalUnits),
        team_performance: wireAmount(PERFORMANCE_ASSET, counts.teamUnits),
        level,
        invite_url: inviteUrl,
        activated_at: activatedAt,
        created_at: user.created_at,
        balances: wireBalances(balances),
      };
    },
  }),
  defineRoute({
    endpoint: userEndpoints.zhiList,
    handler: ({ context: { db }, user, input }): Promise<ZhiListData> =>
      directReferrals(db, { userId: user.id, page: input.page, pageSize: input.page_size }),
  }),
];
