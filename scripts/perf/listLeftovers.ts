// Two costs a list screen paid in the task that shows it, measured in the system Chromium
// against the real server serving the built app, the CPU slowed 4× (a report, never a test):
//   - the focus move after a navigation (shell/RouteAnnouncer.tsx): the time spent inside
//     `focus()` (a forced style and layout when the new page is not laid out yet), and the
//     longest task of each navigation;
//   - the first record-time formatter (ui/recordTimeFormat.ts): the time spent making it, in
//     an idle callback or in another task (a render that waits for it).
// Build first (`npx vite build`), then `node scripts/perf/listLeftovers.ts`.
// `PERF_RUNS=3` repeats each figure in a fresh page (default 3); `PERF_RATE=4` is the CPU rate.
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../test/e2e/support/browser.ts';
import { APP_CHAIN_ID, startAppServer } from '../../test/e2e/support/appServer.ts';
import { installTestWallet } from '../../test/e2e/support/testWallet.ts';
import { privateKeyToAddress } from '../../contract/wallet/eip191.ts';

const ALICE_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const RUNS = Number(process.env.PERF_RUNS ?? 3);
const RATE = Number(process.env.PERF_RATE ?? 4);
/** Opened by a tap on their link on the home page. */
const SCREENS = ['/user', '/node', '/notice', '/wallet', '/bank', '/withdraw'];

const server = await startAppServer({
  env: { INVITE_REQUIRED: 'false', RATE_LIMIT_MONEY_PER_MINUTE: '1000000' },
});
const browser = await launchBrowser();

interface Probe {
  /** ms inside each focus() call on the page's <main>. */
  focus: number[];
  /** Each record-time formatter made: ms, and whether in an idle callback. */
  formatters: { ms: number; idle: boolean }[];
  long: number[];
}

/** Before any script of the page runs: times focus() and record-time formatters. */
function instrument() {
  const w = window as unknown as { __probe: Probe };
  w.__probe = { focus: [], formatters: [], long: [] };
  const probe = w.__probe;
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function (this: HTMLElement, options?: FocusOptions) {
    const start = performance.now();
    focus.call(this, options);
    if (this.id === 'main') probe.focus.push(performance.now() - start);
  };
  let idle = false;
  const onIdle = window.requestIdleCallback.bind(window);
  window.requestIdleCallback = (run, options) =>
    onIdle((deadline) => {
      idle = true;
      try {
        run(deadline);
      } finally {
        idle = false;
      }
    }, options);
  const Made = Intl.DateTimeFormat;
  Intl.DateTimeFormat = new Proxy(Made, {
    construct(target, args: [string | string[] | undefined, Intl.DateTimeFormatOptions?]) {
      const start = performance.now();
      const made = new target(...args);
      const options = args[1];
      if (options?.dateStyle === 'short' && options.timeStyle === 'short')
        probe.formatters.push({ ms: performance.now() - start, idle });
      return made;
    },
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.long.push(entry.duration);
  }).observe({ type: 'longtask' });
}

async function signedInPage(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.addInitScript(instrument);
  await installTestWallet(page, {
    privateKey: ALICE_KEY,
    chainId: APP_CHAIN_ID,
    knownChains: [APP_CHAIN_ID],
    rpcUrl: server.chain.rpcUrl,
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Connect wallet' }).first().click();
  await page.getByTestId('signed-in').waitFor();
  return page;
}

/** Client-side navigation as the browser's history does it; resolves once the page is focused. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await settled(page);
}

/** A tap on the home page's link to `path`. */
async function tapLink(page: Page, path: string): Promise<void> {
  await page.locator(`main a[href="${path}"]:visible`).first().click();
  await settled(page);
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.id === 'main', null, {
    timeout: 10_000,
  });
  // Let the page settle (its data, its rows) before the next one.
  await page.waitForTimeout(1_500);
}

const take = (page: Page) =>
  page.evaluate(() => {
    const probe = (window as unknown as { __probe: Probe }).__probe;
    const taken = { ...probe };
    probe.focus = [];
    probe.formatters = [];
    probe.long = [];
    return taken;
  });

const round = (ms: number) => Math.round(ms * 10) / 10;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const max = (values: number[]) => Math.max(0, ...values);

try {
  // Alice signs in once, so she has an account, and gets a few money log records.
  await (await signedInPage()).context().close();
  const address = privateKeyToAddress(ALICE_KEY);
  for (let i = 0; i < 5; i++) await server.operator.credit(address, 'TICKET', '1');
  console.log(`CPU ${RATE}×, ${RUNS} runs`);
  for (let run = 0; run < RUNS; run++) {
    const page = await signedInPage();
    // The first record list's formatter: from sign-in until the money log's rows are shown.
    await page.waitForTimeout(1_500);
    await navigate(page, '/wallet/moneyLog');
    await page.locator('time.record-meta').first().waitFor();
    const first = await take(page);
    const inTask = first.formatters.filter((made) => !made.idle).map((made) => made.ms);
    const atIdle = first.formatters.filter((made) => made.idle).map((made) => made.ms);
    console.log(
      `  run ${run + 1}: record-time formatter made in a task ${round(sum(inTask))} ms ` +
        `(${inTask.length}×), at idle ${round(sum(atIdle))} ms (${atIdle.length}×)`,
    );
    const focus: number[] = [];
    const longest: number[] = [];
    for (const path of SCREENS) {
      await navigate(page, '/index');
      await take(page);
      await tapLink(page, path);
      const figures = await take(page);
      focus.push(sum(figures.focus));
      longest.push(max(figures.long));
    }
    console.log(
      `  run ${run + 1}: focus() after a tap on a link ${focus.map(round).join(', ')} ms ` +
        `(max ${round(max(focus))}); longest task per navigation ${longest.map(round).join(', ')} ms`,
    );
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.close();
}
