// A Chromium performance trace of the first visit to /index (cold, CPU 4×), summarised: each
// main-thread task over 30 ms with what ran inside it (script evaluation by file, compile,
// parse, layout, style). What the first-visit row of `npm run perf` measures, broken down, to
// see which work makes the long tasks. Build first; `TRACE_OUT=file.json` keeps the trace.
import { writeFileSync } from 'node:fs';
import { launchBrowser } from '../../test/e2e/support/browser.ts';
import { startAppServer } from '../../test/e2e/support/appServer.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; functionName?: string } };
}

const server = await startAppServer({ env: { INVITE_REQUIRED: 'false' } });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,v8,v8.execute,disabled-by-default-devtools.timeline,disabled-by-default-v8.cpu_profiler',
    transferMode: 'ReportEvents',
  });
  await page.goto(`${server.url}/index`, { waitUntil: 'load' });
  await page.waitForTimeout(6_000);
  await cdp.send('Tracing.end');
  await done;
  if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, JSON.stringify(events));
  const main = events.find(
    (e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain',
  );
  const onMain = events.filter(
    (e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X',
  );
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 30_000);
  const start = Math.min(...onMain.map((e) => e.ts));
  for (const task of tasks) {
    const inside = onMain.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur!,
    );
    const parts = new Map<string, number>();
    for (const e of inside) {
      if (
        ![
          'EvaluateScript',
          'v8.evaluateModule',
          'v8.compileModule',
          'v8.compile',
          'FunctionCall',
          'Layout',
          'UpdateLayoutTree',
          'ParseHTML',
          'Paint',
          'v8.produceModuleCache',
          'MajorGC',
          'MinorGC',
          'V8.GCScavenger',
          'TimerFire',
          'FireAnimationFrame',
          'EventDispatch',
          'RunMicrotasks',
          'v8.parseOnBackground',
        ].includes(e.name)
      )
        continue;
      const url = e.args?.data?.url?.replace(/^.*\//, '') ?? '';
      const key = `${e.name}${url ? ` ${url}` : ''}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''}`;
      parts.set(key, (parts.get(key) ?? 0) + (e.dur ?? 0));
    }
    console.log(
      `task at ${((task.ts - start) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(1)} ms`,
    );
    for (const [key, dur] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, 8))
      console.log(`    ${(dur / 1000).toFixed(1)} ms  ${key}`);
  }
  // The sampled CPU profile: self time by script file and function, over the whole visit.
  const nodes = new Map<number, { url: string; fn: string }>();
  const self = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const e of events.filter((e) => e.name === 'ProfileChunk' && main && e.pid === main.pid)) {
    const data = (
      e.args as {
        data?: {
          cpuProfile?: {
            nodes?: { id: number; callFrame: { url: string; functionName: string } }[];
            samples?: number[];
          };
          timeDeltas?: number[];
        };
      }
    ).data;
    for (const n of data?.cpuProfile?.nodes ?? [])
      nodes.set(n.id, {
        url: (n.callFrame.url ?? '').replace(/^.*\//, ''),
        fn: n.callFrame.functionName,
      });
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((id, i) => {
      const node = nodes.get(id);
      const key = `${node?.url ?? '?'} ${node?.fn ?? '?'}`;
      const dt = deltas[i + 1] ?? 0;
      self.set(key, (self.get(key) ?? 0) + dt);
      byFile.set(
        node?.url || node?.fn || '?',
        (byFile.get(node?.url || node?.fn || '?') ?? 0) + dt,
      );
    });
  }
  console.log('self time by file:');
  for (const [key, dur] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`    ${(dur / 1000).toFixed(1)} ms  ${key}`);
  console.log('self time by function:');
  for (const [key, dur] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`    ${(dur / 1000).toFixed(1)} ms  ${key}`);
  const total = onMain.filter((e) => e.name === 'RunTask').reduce((s, e) => s + (e.dur ?? 0), 0);
  console.log(`main-thread tasks: ${(total / 1000).toFixed(0)} ms`);
} finally {
  await browser.close();
  await server.close();
}
process.exit(0);
