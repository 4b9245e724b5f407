// The operator's commands of the request envelope: `envelope keys`, `envelope rotate`.
import type { AdminApi } from '../adminClient.ts';
import { clientFor, type CommandArea, type CommandResult } from '../commandArea.ts';
import { adminEnvelopeEndpoints, type EnvelopeKeysData } from '../contractEnvelope.ts';
import { formatTable } from '../table.ts';

const USAGE = `  npm run admin -- envelope keys
      The request envelope's keys: id, public key, created, retires, status (no secrets).
  npm run admin -- envelope rotate
      A new current key; the current one keeps working for ENVELOPE_KEY_GRACE_SECONDS.
`;

function keyTable({ keys }: EnvelopeKeysData): string {
  if (keys.length === 0) return 'No envelope keys yet.';
  return formatTable(
    ['KEY ID', 'STATUS', 'CREATED', 'RETIRES', 'PUBLIC KEY'],
    keys.map((key) => [
      String(key.key_id),
      key.status,
      key.created_at,
      key.retires_at ?? '-',
      key.public_key,
    ]),
  );
}

function envelopeLine(data: EnvelopeKeysData): string {
  return data.envelope
    ? 'The envelope is on.'
    : 'The envelope is off on this server (ENVELOPE, PUBLIC_URL): the keys are only stored.';
}

async function listKeys(client: AdminApi): Promise<CommandResult> {
  const data = await client.call(adminEnvelopeEndpoints.keys);
  return { output: `${keyTable(data)}\n\n${envelopeLine(data)}`, exitCode: 0 };
}

async function rotate(client: AdminApi): Promise<CommandResult> {
  const data = await client.call(adminEnvelopeEndpoints.rotate);
  const current = data.keys.find((key) => key.status === 'current');
  const hours = Math.round((data.grace_seconds / 3600) * 10) / 10;
  return {
    output:
      `${keyTable(data)}\n\nKey ${current?.key_id ?? '?'} is the current key now. ` +
      `The previous one keeps working for ${data.grace_seconds} s (${hours} h); every ` +
      `server process publishes the new one within 30 s.\n${envelopeLine(data)}`,
    exitCode: 0,
  };
}

export const envelopeCommands: CommandArea = {
  name: 'envelope',
  usage: USAGE,
  async run([command, ...rest], _values, env) {
    if (command !== 'envelope' || rest.length !== 1) return undefined;
    if (rest[0] === 'keys') return listKeys(clientFor(env));
    if (rest[0] === 'rotate') return rotate(clientFor(env));
    return undefined;
  },
};
