// qr-scanner decodes in a worker it builds from a Blob URL, which the app's CSP refuses
// (`worker-src 'self'`). This plugin ships the library's own worker code as a same-origin
// file instead: `import workerUrl from 'virtual:qr-scanner-worker'` gives its URL, and the
// scanner (src/features/transfer/qrEngine.ts) starts the worker from there.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:qr-scanner-worker';
const RESOLVED_ID = `\0${MODULE_ID}`;
const DEV_PATH = '/@qr-scanner-worker.js';

/** The worker's source, as the library would hand it to its Blob. */
export function qrScannerWorkerSource(): string {
  const file = createRequire(import.meta.url).resolve('qr-scanner/qr-scanner-worker.min.js');
  const module = readFileSync(file, 'utf8');
  // The library writes the worker as one template literal inside `new Blob([…])`.
  const literal = /new Blob\(\[(`[\s\S]*`)\]\)/.exec(module)?.[1];
  if (!literal) throw new Error(`qr-scanner's worker source was not found in ${file}`);
  // Evaluated as the library's own code would evaluate it: escapes and all.
  return new Function(`return ${literal};`)() as string;
}

export function qrScannerWorker(): Plugin {
  let serving = false;
  return {
    name: 'ju-qr-scanner-worker',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(qrScannerWorkerSource());
      });
    },
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (serving) return `export default ${JSON.stringify(DEV_PATH)};`;
      const reference = this.emitFile({
        type: 'asset',
        name: 'qr-scanner-worker.js',
        source: qrScannerWorkerSource(),
      });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
  };
}
