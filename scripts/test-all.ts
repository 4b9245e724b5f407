// Every check and test the project has, in one command (`npm test`). Prints a line per check
// and ends with "N passed, N failed", counting each check and each Vitest test once.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

interface Step {
  name: string;
  command: string[];
}

// Checks of the sources and the build, side by side: each is mostly one thread.
const checks: Step[] = [
  { name: 'lint', command: ['npx', 'eslint', '.'] },
  { name: 'format', command: ['npx', 'prettier', '--check', '.'] },
  { name: 'typecheck', command: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  {
    name: 'typecheck service worker',
    command: ['npx', 'tsc', '-p', 'sw/tsconfig.json', '--noEmit'],
  },
  { name: 'translations', command: ['node', 'scripts/i18n-check.ts'] },
  { name: 'build', command: ['npx', 'vite', 'build'] },
];
// Then, in turn, on the build: its size, and the tests (the browser tests drive it).
const steps: Step[] = [{ name: 'bundle size', command: ['node', 'scripts/size.ts'] }];

const RESULTS = 'test-results/vitest.json';
let passed = 0;
let failed = 0;

function run(command: string[]): number {
  const [program, ...args] = command;
  return spawnSync(program!, args, { stdio: 'inherit' }).status ?? 1;
}

/** Runs `step` with its output held back, then prints it whole, so parallel steps don't interleave. */
function runHeld(step: Step): Promise<void> {
  const [program, ...args] = step.command;
  return new Promise((resolve) => {
    const child = spawn(program!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (status) => {
      const ok = status === 0;
      console.log(
        `\n▶ ${step.name}\n${Buffer.concat(output).toString()}${ok ? '✔' : '✘'} ${step.name}`,
      );
      if (ok) passed++;
      else failed++;
      resolve();
    });
  });
}

await Promise.all(checks.map(runHeld));

for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const ok = run(step.command) === 0;
  console.log(`${ok ? '✔' : '✘'} ${step.name}`);
  if (ok) passed++;
  else failed++;
}

console.log('\n▶ vitest (unit, server on SQLite and PostgreSQL, browser)');
mkdirSync('test-results', { recursive: true });
rmSync(RESULTS, { force: true });
const vitestStatus = run([
  'bash',
  'scripts/with-postgres.sh',
  'npx',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${RESULTS}`,
]);
if (existsSync(RESULTS)) {
  const report = JSON.parse(readFileSync(RESULTS, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (report.numPendingTests > 0) {
    console.log(`✘ ${report.numPendingTests} skipped tests: a skipped test counts as a failure`);
    failed += report.numPendingTests;
  }
}
if (vitestStatus !== 0 && failed === 0) failed++;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
