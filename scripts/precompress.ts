// Writes brotli and gzip copies beside every text file of the build (main.js → main.js.br,
// main.js.gz), so the server sends compressed bytes without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
// Below this, headers outweigh what compression saves.
const MIN_BYTES = 512;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

export function brotli(data: Buffer): Buffer {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

export function gzip(data: Buffer): Buffer {
  return gzipSync(data, { level: 9 });
}

/** Compresses every eligible file under `dir`; returns how many copies it wrote. */
export function precompress(dir: string): number {
  let written = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || file.includes(`${join(dir, '.vite')}`)) continue;
    const data = readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    for (const [suffix, compressed] of [
      ['.br', brotli(data)],
      ['.gz', gzip(data)],
    ] as const) {
      if (compressed.length >= data.length) continue;
      writeFileSync(file + suffix, compressed);
      written++;
    }
  }
  return written;
}
