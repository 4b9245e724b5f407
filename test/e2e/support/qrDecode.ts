// Reads a QR code from a screenshot, with the decoder shipped in the installed qr-scanner
// package (its web worker's jsQR code, run here in a VM with a stand-in `self`), and sharp
// for the pixels. Nothing is re-implemented: a wrong or unreadable code fails the test.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import sharp from 'sharp';

type Decode = (rgba: Uint8ClampedArray, width: number, height: number) => string | null;

let decoder: Decode | null = null;

function loadDecoder(): Decode {
  const file = createRequire(import.meta.url).resolve('qr-scanner/qr-scanner-worker.min.js');
  // The module builds its worker from a source string inside a Blob: capture that string.
  const moduleText = readFileSync(file, 'utf8').replace(
    'export const createWorker=',
    'globalThis.createWorker=',
  );
  let workerSource = '';
  const outer = vm.createContext({
    Blob: class {
      constructor(parts: string[]) {
        workerSource = parts.join('');
      }
    },
    URL: { createObjectURL: () => 'blob:qr' },
    Worker: class {},
  });
  vm.runInContext(moduleText, outer);
  vm.runInContext('createWorker()', outer);

  let answer: { data: string | null } | null = null;
  const self: { onmessage?: (event: { data: unknown }) => void; postMessage(m: unknown): void } = {
    postMessage: (message) => {
      answer = message as { data: string | null };
    },
  };
  const worker = vm.createContext({ self, Uint8ClampedArray, Math, Array, Error, Object });
  vm.runInContext(workerSource, worker);
  return (rgba, width, height) => {
    answer = null;
    self.onmessage!({ data: { id: 1, type: 'decode', data: { data: rgba, width, height } } });
    return answer === null ? null : (answer as { data: string | null }).data;
  };
}

/** The text of the QR code in a PNG image, or null when none can be read. */
export async function decodeQrPng(png: Buffer): Promise<string | null> {
  decoder ??= loadDecoder();
  // A quiet zone and some size help the decoder; the picture itself is not changed.
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .extend({ top: 16, bottom: 16, left: 16, right: 16, background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return decoder(new Uint8ClampedArray(data), info.width, info.height);
}
