// The embedded chain of `npm start` when CHAIN_RPC_URL is unset: a local Anvil node whose
// state lives in DATA_DIR/chain, and a development treasury generated once and kept there
// (DATA_DIR/chain/dev-treasury-key, mode 0600), unless CHAIN_TREASURY names one.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { privateKeyToAddress } from '../../contract/wallet/eip191.ts';
import type { ChainSettings } from '../config.ts';
import { startLocalNode, type LocalNode } from './localNode.ts';

export const EMBEDDED_CHAIN_DIR = 'chain';
const TREASURY_KEY_FILE = 'dev-treasury-key';

export interface EmbeddedChain {
  node: LocalNode;
  treasury: string;
  note: string;
}

export async function startEmbeddedChain(
  dataDir: string,
  chain: ChainSettings,
): Promise<EmbeddedChain> {
  const stateDir = path.join(dataDir, EMBEDDED_CHAIN_DIR);
  fs.mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const treasury = chain.treasury ?? devTreasury(stateDir);
  const node = await startLocalNode({ stateDir, chainId: chain.id, port: chain.embeddedPort });
  return {
    node,
    treasury,
    note: `Embedded chain (Anvil) at ${node.rpcUrl}, chain id ${chain.id}, state in ${stateDir}; treasury ${treasury}`,
  };
}

/** The development treasury's address; its key is generated on first start and kept. */
function devTreasury(stateDir: string): string {
  const file = path.join(stateDir, TREASURY_KEY_FILE);
  let key: string;
  try {
    key = fs.readFileSync(file, 'utf8').trim();
  } catch {
    key = `0x${randomBytes(32).toString('hex')}`;
    fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  }
  return privateKeyToAddress(key);
}
