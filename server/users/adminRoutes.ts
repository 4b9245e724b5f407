// /admin/v1/users: the operator's list of users; /admin/v1/team/check: the team figures
// recomputed the slow way and compared with the kept ones.
import { type AdminUsersData, adminEndpoints } from '../admin/contract.ts';
import {
  TEAM_CHECK_LISTED,
  type TeamCheckData,
  adminTeamEndpoints,
} from '../admin/contractTeam.ts';
import { adminUserEndpoints, type SetLevelData } from '../admin/contractUsers.ts';
import { parseAddress } from '../http/input.ts';
import { defineRoute } from '../http/route.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import { PERFORMANCE_ASSET } from './performance.ts';
import { checkTeamFigures, type TeamFigureName } from './teamCheck.ts';
import { listUsers } from './userList.ts';
import { setUserLevel } from './levels.ts';

const FIGURE_NAMES: Record<TeamFigureName, string> = {
  direct: 'direct',
  team: 'team',
  personalUnits: 'personal_performance',
  teamUnits: 'team_performance',
};

export const adminUserRoutes = [
  defineRoute({
    endpoint: adminEndpoints.users,
    async handler({ context: { db }, input }): Promise<AdminUsersData> {
      return listUsers(db, { page: input.page, pageSize: input.page_size });
    },
  }),
  defineRoute({
    endpoint: adminTeamEndpoints.check,
    async handler({ context: { db } }): Promise<TeamCheckData> {
      const report = await checkTeamFigures(db);
      return {
        ok: report.mismatches.length === 0,
        users: report.users,
        unfolded: report.unfolded,
        mismatch_count: report.mismatches.length,
        mismatches: report.mismatches.slice(0, TEAM_CHECK_LISTED).map((mismatch) => {
          const shown = (value: bigint) =>
            mismatch.figure === 'personalUnits' || mismatch.figure === 'teamUnits'
              ? wireAmount(PERFORMANCE_ASSET, value)
              : String(value);
          return {
            user_id: String(mismatch.userId),
            address: mismatch.address,
            figure: FIGURE_NAMES[mismatch.figure],
            stored: shown(mismatch.stored),
            recomputed: shown(mismatch.recomputed),
          };
        }),
      };
    },
  }),
  defineRoute({
    endpoint: adminUserEndpoints.level,
    handler: ({ context, input }): Promise<SetLevelData> =>
      setUserLevel(context, parseAddress(input.address), input.level),
  }),
];
