// The operator's commands of the users area: `user list` and `user level`.
import { ASSET_CODES } from '../../../contract/api/assets.ts';
import type { AdminApi } from '../adminClient.ts';
import { clientFor, positiveInteger, UsageError, type CommandArea } from '../commandArea.ts';
import { adminEndpoints } from '../contract.ts';
import { adminUserEndpoints, MAX_USER_LEVEL } from '../contractUsers.ts';
import { formatTable } from '../table.ts';

const USAGE = `  npm run admin -- user list [--page N] [--page-size N]
      List users: address, invite code, referrer, registration time, balances.
  npm run admin -- user level <address> <0-${MAX_USER_LEVEL}>
      Give a user a level (shown as V0, V1, …): levels are the operator's to give.
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

async function setLevel(client: AdminApi, args: string[]) {
  const [address, level] = args;
  if (args.length !== 2 || !address || !/^\d{1,2}$/.test(level ?? ''))
    throw new UsageError(`user level needs <address> <0-${MAX_USER_LEVEL}>`);
  const set = await client.call(adminUserEndpoints.level, { address, level: Number(level) });
  const output = set.changed
    ? `${set.address} is now at level V${set.level}.`
    : `${set.address} was at level V${set.level} already.`;
  return { output, exitCode: 0 };
}

export const usersCommands: CommandArea = {
  name: 'users',
  usage: USAGE,
  async run([command, ...rest], values, env) {
    if (command === 'user' && rest[0] === 'level') return setLevel(clientFor(env), rest.slice(1));
    if (command !== 'user' || rest[0] !== 'list' || rest.length !== 1) return undefined;
    const client = clientFor(env);
    const page = positiveInteger(values.page, '--page', 1);
    const pageSize = positiveInteger(values['page-size'], '--page-size', 100);
    return { output: await listUsers(client, page, pageSize), exitCode: 0 };
  },
};
