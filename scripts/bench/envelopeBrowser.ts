// `npx node scripts/bench/envelopeBrowser.ts`: the app's side of the request envelope (seal a
// request, open its answer; 2 KB body, BENCH_BODY_BYTES to change) timed inside Chromium's
// engine, as a phone's browser runs it — on this machine's core, so a phone is slower. The
// app's own code, bundled as the build bundles it. A report that prints, never a test.
import { chromium } from 'playwright-core';
import { build, type Rolldown } from 'vite';

const BODY_BYTES = Number(process.env.BENCH_BODY_BYTES ?? 2048);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const output = (await build({
  configFile: false,
  logLevel: 'silent',
  build: {
    write: false,
    minify: true,
    lib: {
      entry: new URL('./envelopeBrowserEntry.ts', import.meta.url).pathname,
      formats: ['iife'],
      name: 'envelopeBench',
    },
  },
})) as Rolldown.RolldownOutput[];
const code = output[0]!.output[0].code;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  await page.addScriptTag({ content: code });
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const { sealOpenUs } = await page.evaluate(
      ([bytes, calls]) =>
        (
          globalThis as unknown as {
            envelopeBench: { measure(b: number, c: number): { sealOpenUs: number } };
          }
        ).envelopeBench.measure(bytes!, calls!),
      [BODY_BYTES, CALLS],
    );
    rounds.push(sealOpenUs);
  }
  rounds.sort((a, b) => a - b);
  const median = rounds[Math.floor(rounds.length / 2)]!;
  console.log(
    `envelope in Chromium (${browser.version().split('.')[0]}): seal + open, ${BODY_BYTES} B body: ` +
      `${Math.round(median)} µs per call (median of ${ROUNDS} rounds of ${CALLS})`,
  );
} finally {
  await browser.close();
}
