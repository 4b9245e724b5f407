// The operator's commands of the users area: `user list`.
import { ASSET_CODES } from '../../../src/api/assets.ts';
import type { AdminApi } from '../adminClient.ts';
import { clientFor, positiveInteger, type CommandArea } from '../commandArea.ts';
import { adminEndpoints } from '../contract.ts';
import { formatTable } from '../table.ts';

const USAGE = `  npm run admin -- user list [--page N] [--page-size N]
      List users: address, invite code, referrer, registration time, balances.
`;

async function listUsers(client: AdminApi, page: number, pageSize: number): Promise<string> {
  const { list, total } = await client.call(adminEndpoints.users, {
    page: String(page),
    page_size: String(pageSize),
  });
  if (total === 0) return 'No users yet.';
  const table = formatTable(
    ['ADDRESS', 'INVITE CODE', 'REFERRER', 'CREATED', ...ASSET_CODES],
    list.map((user) => [
      user.address,
      user.invite_code,
      user.referrer_address ?? '-',
      user.created_at,
      ...ASSET_CODES.map((asset) => user.balances[asset]),
    ]),
  );
  const first = (page - 1) * pageSize + 1;
  const range = list.length ? `${first}-${first + list.length - 1}` : 'none';
  return `${table}\n\n${range} of ${total} users`;
}

export const usersCommands: CommandArea = {
  name: 'users',
  usage: USAGE,
  async run([command, ...rest], values, env) {
    if (command !== 'user' || rest[0] !== 'list' || rest.length !== 1) return undefined;
    const client = clientFor(env);
    const page = positiveInteger(values.page, '--page', 1);
    const pageSize = positiveInteger(values['page-size'], '--page-size', 100);
    return { output: await listUsers(client, page, pageSize), exitCode: 0 };
  },
};
