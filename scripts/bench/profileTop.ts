// `npx node scripts/bench/profileTop.ts DIR [FILE_PREFIX]`: the functions that took the most
// of the newest CPU profile in DIR (written by BENCH_CPU_PROF=DIR npx node scripts/bench.ts),
// by self time, and the share of the profile under each of a few callers that matter to the
// server's cost (hooks, compression, the envelope's phases). TOP=N for more lines.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [dir = '.', prefix = 'app'] = process.argv.slice(2);
const newest = readdirSync(dir)
  .filter((name) => name.startsWith(prefix) && name.endsWith('.cpuprofile'))
  .map((name) => path.join(dir, name))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
if (!newest) throw new Error(`no ${prefix}*.cpuprofile in ${dir}`);
const profile = JSON.parse(readFileSync(newest, 'utf8')) as Profile;

const selfTime = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const label = ({ callFrame }: ProfileNode) =>
  `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}`;
const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
let busy = 0;
const bySelf = new Map<string, number>();
for (const node of profile.nodes) {
  const time = selfTime.get(node.id) ?? 0;
  if (node.callFrame.functionName !== '(idle)') busy += time;
  bySelf.set(label(node), (bySelf.get(label(node)) ?? 0) + time);
}
/** Time under nodes whose function name is `name` (each sample counted once). */
function under(name: string): number {
  let total = 0;
  const walk = (node: ProfileNode, inside: boolean) => {
    const now = inside || node.callFrame.functionName === name;
    if (now) total += selfTime.get(node.id) ?? 0;
    for (const child of node.children ?? []) walk(byId.get(child)!, now);
  };
  walk(profile.nodes[0]!, false);
  return total;
}

const share = (time: number) => `${((100 * time) / busy).toFixed(1).padStart(5)}%`;
console.log(`${newest}: ${(busy / 1000).toFixed(0)} ms busy (idle left out)`);
for (const [name, time] of [...bySelf]
  .filter(([name]) => !idle.has(name.split(' ')[0]!))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(process.env.TOP ?? 30)))
  console.log(`${share(time)}  ${name}`);
console.log('');
for (const name of (process.env.UNDER ?? 'onSendHook,openEnvelope,sealAnswer,runner').split(','))
  console.log(`${share(under(name))}  under ${name}`);
