// The first visit's main thread, for `npm run perf`: a phone-sized page opened cold (no
// service worker, nothing cached), the CPU slowed `rate`×, from the navigation until the page
// is idle. Beside it, the floor: a bare React page (createRoot rendering one element) built
// by the same Vite and React plugin in the same run, measured the same way. And the first
// tap on "Connect wallet": made as soon as the button shows (the server's first paint draws
// it before any script runs), timed until the page answers it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join } from 'node:path';
import { readFile } from 'node:fs/promises';
import react from '@vitejs/plugin-react';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { build } from 'vite';

/** Quiet this long (no long task, no request) counts as idle. */
const IDLE_QUIET_MS = 1_500;
const IDLE_GIVE_UP_MS = 30_000;

export interface FirstVisit {
  /** Main-thread task time from the navigation until idle, slowed as measured. */
  busyMs: number;
  longTasks: number;
  longestTaskMs: number;
  /** Over 50 ms of each long task, summed. */
  blockingMs: number;
}

/** Opens `url` cold and measures its main thread until idle. */
export async function measureFirstVisit(
  browser: Browser,
  url: string,
  rate: number,
): Promise<FirstVisit> {
  const { page, cdp } = await coldPage(browser, rate);
  try {
    await page.goto(url, { waitUntil: 'load' });
    await untilIdle(page);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const busyMs = (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
    const long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
    return {
      busyMs: Math.round(busyMs),
      longTasks: long.length,
      longestTaskMs: Math.round(Math.max(0, ...long)),
      blockingMs: Math.round(long.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
    };
  } finally {
    await page.context().close();
  }
}

/** ms from a tap until the page shows it was heard, and until the app itself answers it. */
export interface TapAnswer {
  /** The button busy, painted or the app's, or a dialog or the wallet chooser open. */
  seenMs: number;
  /** The app's own answer: its button busy ('Connecting…'), a dialog, the wallet chooser. */
  appMs: number;
}

/** Taps the first button named `name` as soon as it shows, and times the answers. */
export async function firstTap(
  browser: Browser,
  url: string,
  rate: number,
  name: string,
  /** Before the page loads: e.g. the wallet the tap connects. */
  prepare: (page: Page) => Promise<unknown> = async () => {},
): Promise<TapAnswer> {
  const { page } = await coldPage(browser, rate);
  try {
    await prepare(page);
    await page.goto(url, { waitUntil: 'commit' });
    const button = page.getByRole('button', { name }).first();
    await button.waitFor();
    const answered = page.evaluate(
      () =>
        new Promise<TapAnswer>((resolve) => {
          let tapped = 0;
          let seen = 0;
          // The event's own time, when the tap happened: a listener's performance.now() would
          // be when the page got round to it, after whatever task was running then.
          addEventListener('pointerdown', (event) => (tapped ||= event.timeStamp), {
            capture: true,
          });
          const check = () => {
            const busy = [...document.querySelectorAll('button[aria-busy="true"]')];
            const appAnswer =
              busy.some((b) => !b.closest('[data-first-paint]')) ||
              document.querySelector('dialog[open], onboard-v2') !== null;
            if (tapped && (busy.length > 0 || appAnswer)) seen ||= performance.now();
            if (tapped && appAnswer)
              resolve({ seenMs: seen - tapped, appMs: performance.now() - tapped });
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
    );
    await button.click({ noWaitAfter: true });
    const { seenMs, appMs } = await answered;
    return { seenMs: Math.round(seenMs), appMs: Math.round(appMs) };
  } finally {
    await page.context().close();
  }
}

async function coldPage(browser: Browser, rate: number): Promise<{ page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __long: number[] };
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__long.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Performance.enable');
  return { page, cdp };
}

/** Waits until no request is open and no long task has run for IDLE_QUIET_MS. */
async function untilIdle(page: Page): Promise<void> {
  let open = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    open++;
    lastActivity = Date.now();
  });
  const settled = () => {
    open--;
    lastActivity = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  let longSeen = 0;
  const started = Date.now();
  while (Date.now() - started < IDLE_GIVE_UP_MS) {
    await page.waitForTimeout(250);
    const long = await page.evaluate(
      () => (window as unknown as { __long: number[] }).__long.length,
    );
    if (long !== longSeen) {
      longSeen = long;
      lastActivity = Date.now();
    }
    if (open <= 0 && Date.now() - lastActivity >= IDLE_QUIET_MS) return;
  }
}

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** The floor: a bare React page built with Vite's React plugin and served as static files. */
export async function bareReactPage(): Promise<{ url: string; close(): Promise<void> }> {
  // Inside the project, so that react and react-dom resolve as the app's do.
  mkdirSync(join(process.cwd(), 'node_modules', '.cache'), { recursive: true });
  const root = mkdtempSync(join(process.cwd(), 'node_modules', '.cache', 'bare-react-'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare</title>' +
      '</head><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>',
  );
  writeFileSync(
    join(root, 'main.tsx'),
    "import { createRoot } from 'react-dom/client';\n" +
      "createRoot(document.getElementById('root')!).render(<p>JU Wallet</p>);\n",
  );
  const outDir = join(root, 'dist');
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, target: 'es2022', emptyOutDir: true },
  });
  const server: Server = createServer((request, response) => {
    const path = request.url === '/' ? '/index.html' : request.url!.split('?')[0]!;
    readFile(join(outDir, path))
      .then((body) => {
        response.writeHead(200, {
          'content-type': MIME[extname(path)] ?? 'application/octet-stream',
        });
        response.end(body);
      })
      .catch(() => response.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
