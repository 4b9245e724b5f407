// /admin/v1/users: the operator's list of users.
import { type AdminUsersData, adminEndpoints } from '../admin/contract.ts';
import { defineRoute } from '../http/route.ts';
import { listUsers } from './userList.ts';

export const adminUserRoutes = [
  defineRoute({
    endpoint: adminEndpoints.users,
    async handler({ context: { db }, input }): Promise<AdminUsersData> {
      return listUsers(db, { page: input.page, pageSize: input.page_size });
    },
  }),
];
