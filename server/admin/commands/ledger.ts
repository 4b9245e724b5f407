// The operator's commands of the ledger area: `ledger check`.
import type { AdminApi } from '../adminClient.ts';
import { clientFor, type CommandArea, type CommandResult } from '../commandArea.ts';
import { adminEndpoints } from '../contract.ts';
import { formatTable } from '../table.ts';

const USAGE = `  npm run admin -- ledger check
      Per-asset totals and every ledger invariant; exits with 1 when one is broken.
`;

async function checkLedger(client: AdminApi): Promise<CommandResult> {
  const report = await client.call(adminEndpoints.ledgerCheck);
  const table = formatTable(
    ['ASSET', 'TOTAL', 'BY KIND'],
    report.assets.map((asset) => [
      asset.asset,
      asset.total,
      Object.entries(asset.by_kind)
        .map(([kind, units]) => `${kind} ${units}`)
        .join(', '),
    ]),
  );
  const summary = `${report.accounts} accounts, ${report.transfers} transfers`;
  if (report.ok)
    return { output: `${table}\n\n${summary}\nLedger OK: every invariant holds.`, exitCode: 0 };
  return {
    output: `${table}\n\n${summary}\nLEDGER BROKEN:\n${report.problems.map((p) => `  - ${p}`).join('\n')}`,
    exitCode: 1,
  };
}

export const ledgerCommands: CommandArea = {
  name: 'ledger',
  usage: USAGE,
  async run([command, ...rest], _values, env) {
    if (command !== 'ledger' || rest[0] !== 'check' || rest.length !== 1) return undefined;
    return checkLedger(clientFor(env));
  },
};
