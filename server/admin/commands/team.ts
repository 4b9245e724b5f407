// The operator's commands of the team figures (users area): `team check`.
import type { AdminApi } from '../adminClient.ts';
import { clientFor, type CommandArea, type CommandResult } from '../commandArea.ts';
import { adminTeamEndpoints } from '../contractTeam.ts';
import { formatTable } from '../table.ts';

const USAGE = `  npm run admin -- team check
      Recompute every user's team figures from the referral tree and compare with the kept
      ones; lists each difference and exits with 1 when there is one.
`;

async function checkTeam(client: AdminApi): Promise<CommandResult> {
  const report = await client.call(adminTeamEndpoints.check);
  const summary = `${report.users} users, ${report.unfolded} deltas waiting for the fold`;
  if (report.ok)
    return { output: `${summary}\nTeam figures OK: every user's match the tree.`, exitCode: 0 };
  const table = formatTable(
    ['USER', 'ADDRESS', 'FIGURE', 'STORED', 'RECOMPUTED'],
    report.mismatches.map((row) => [
      row.user_id,
      row.address ?? '(no such user)',
      row.figure,
      row.stored,
      row.recomputed,
    ]),
  );
  const more =
    report.mismatch_count > report.mismatches.length
      ? `\n… and ${report.mismatch_count - report.mismatches.length} more`
      : '';
  return {
    output: `${table}${more}\n\n${summary}\nTEAM FIGURES WRONG: ${report.mismatch_count} ${report.mismatch_count === 1 ? 'difference' : 'differences'}.`,
    exitCode: 1,
  };
}

export const teamCommands: CommandArea = {
  name: 'users',
  usage: USAGE,
  async run([command, ...rest], _values, env) {
    if (command !== 'team' || rest[0] !== 'check' || rest.length !== 1) return undefined;
    return checkTeam(clientFor(env));
  },
};
