// `npm run lighthouse`: Lighthouse's mobile preset (throttled CPU and network) on the home
// page, three runs against the real server serving the built app, in the system Chromium.
// Prints the median performance score, LCP, FCP, TBT, CLS and bytes transferred. A report, not
// a gate. LIGHTHOUSE_REPORT_DIR=dir keeps each run's full JSON report there (run-N.json), to
// see what the largest paint waits for.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../server/main.ts';

const RUNS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGE = process.env.LIGHTHOUSE_PATH ?? '/index';
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;

interface RunFigures {
  performance: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  tbtMs: number;
  bytes: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dataDir = mkdtempSync(join(tmpdir(), 'ju-lighthouse-'));
const server = await startServer({ env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir } });
if (!server.servesApp) {
  console.error('No built app in dist/: run `npm run build` first.');
  await server.close();
  process.exit(1);
}
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const runs: RunFigures[] = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    const result = await lighthouse(
      server.url + PAGE,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // LIGHTHOUSE_THROTTLING=devtools throttles for real instead of simulating.
        ...(process.env.LIGHTHOUSE_THROTTLING === 'devtools'
          ? { throttlingMethod: 'devtools' as const }
          : {}),
      },
      // The default configuration is the mobile preset (Moto G class, slow 4G, 4× CPU).
      undefined,
    );
    if (!result) throw new Error('Lighthouse gave no result');
    const { audits, categories } = result.lhr;
    const figures: RunFigures = {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      bytes: audits['total-byte-weight']?.numericValue ?? NaN,
    };
    runs.push(figures);
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(join(REPORT_DIR, `run-${run}.json`), JSON.stringify(result.lhr, null, 1));
    }
    console.log(
      `run ${run}: performance ${figures.performance}, FCP ${(figures.fcpMs / 1000).toFixed(2)} s, LCP ${(figures.lcpMs / 1000).toFixed(2)} s, TBT ${figures.tbtMs.toFixed(0)} ms, CLS ${figures.cls.toFixed(3)}, ${(figures.bytes / 1024).toFixed(0)} KB`,
    );
  }
} finally {
  chrome.kill();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
const pick = (key: keyof RunFigures) => median(runs.map((r) => r[key]));
console.log(
  `median of ${RUNS} (${PAGE}, mobile): performance ${pick('performance')}, LCP ${(pick('lcpMs') / 1000).toFixed(2)} s, FCP ${(pick('fcpMs') / 1000).toFixed(2)} s, TBT ${pick('tbtMs').toFixed(0)} ms, CLS ${pick('cls').toFixed(3)}, transferred ${(pick('bytes') / 1024).toFixed(0)} KB`,
);
