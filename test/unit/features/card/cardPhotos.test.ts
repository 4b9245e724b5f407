import { describe, expect, it, vi } from 'vitest';
import { readImageHeader } from '../../../../src/features/card/photos/imageHeader.ts';
import {
  fitWithin,
  MAX_EDGE_PX,
  MAX_INPUT_BYTES,
  MAX_OUTPUT_BYTES,
  PhotoError,
  preparePhoto,
  type PhotoCanvas,
} from '../../../../src/features/card/photos/preparePhoto.ts';
import { uploadFile, UploadError } from '../../../../src/features/card/photos/uploadFile.ts';

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

function jpeg(width: number, height: number): Uint8Array {
  // SOI, an APP1 (EXIF) segment of 8 bytes, then SOF0 with height and width.
  const bytes = new Uint8Array([
    0xff, 0xd8, 0xff, 0xe1, 0x00, 0x08, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11,
    0x08, 0, 0, 0, 0, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  ]);
  const view = new DataView(bytes.buffer);
  view.setUint16(17, height);
  view.setUint16(19, width);
  return bytes;
}

function webpLossless(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(30);
  bytes.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  bytes.set(
    [...'WEBPVP8L'].map((c) => c.charCodeAt(0)),
    8,
  );
  bytes[20] = 0x2f;
  const bits = (width - 1) | ((height - 1) << 14);
  new DataView(bytes.buffer).setUint32(21, bits, true);
  return bytes;
}

const blobOf = (bytes: Uint8Array, type = 'image/jpeg') => new Blob([bytes as BlobPart], { type });

describe('readImageHeader', () => {
  it('reads the real type and declared size of PNG, JPEG and WebP', () => {
    expect(readImageHeader(png(640, 480))).toEqual({ kind: 'png', width: 640, height: 480 });
    expect(readImageHeader(jpeg(4032, 3024))).toEqual({ kind: 'jpeg', width: 4032, height: 3024 });
    expect(readImageHeader(webpLossless(300, 200))).toEqual({
      kind: 'webp',
      width: 300,
      height: 200,
    });
  });

  it('refuses text, a script, an SVG and GIF by their bytes whatever the name says', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(readImageHeader(text('<script>alert(1)</script>'))).toBeNull();
    expect(readImageHeader(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageHeader(text('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
  });
});

describe('fitWithin', () => {
  it('shrinks the long edge to the cap and never enlarges', () => {
    expect(fitWithin(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(1000, 4000, 2000)).toEqual({ width: 500, height: 2000 });
    expect(fitWithin(800, 600, 2000)).toEqual({ width: 800, height: 600 });
  });
});

function fakeCanvas(sizes: number[], decoded = { width: 4032, height: 3024 }) {
  const encode = vi.fn<PhotoCanvas['encode']>(async () => {
    const size = sizes.shift() ?? 10;
    return new Blob([new Uint8Array(size)], { type: 'image/jpeg' });
  });
  const decode = vi.fn<PhotoCanvas['decode']>(async () => ({
    ...decoded,
    source: {} as CanvasImageSource,
  }));
  return { canvas: { decode, encode } satisfies PhotoCanvas, decode, encode };
}

describe('preparePhoto', () => {
  it('re-encodes at most the capped size, lowering quality until the file is small enough', async () => {
    const { canvas, encode } = fakeCanvas([MAX_OUTPUT_BYTES + 1, MAX_OUTPUT_BYTES - 1]);
    const photo = await preparePhoto(blobOf(jpeg(4032, 3024)), canvas);
    expect(photo).toMatchObject({ type: 'image/jpeg', width: MAX_EDGE_PX, height: 1500 });
    expect(photo.blob.size).toBe(MAX_OUTPUT_BYTES - 1);
    expect(encode).toHaveBeenCalledTimes(2);
    const [first, second] = encode.mock.calls;
    expect(first!.slice(1, 4)).toEqual([MAX_EDGE_PX, 1500, 'image/jpeg']);
    expect(second![4]).toBeLessThan(first![4]);
  });

  it('refuses a non-image, an oversized file and a pixel bomb before decoding', async () => {
    const { canvas, decode } = fakeCanvas([]);
    const problem = (blob: Blob) =>
      preparePhoto(blob, canvas).then(
        () => null,
        (error: unknown) => (error instanceof PhotoError ? error.problem : error),
      );
    expect(await problem(blobOf(new TextEncoder().encode('<html></html>')))).toBe('not_an_image');
    expect(await problem(blobOf(png(50_000, 50_000), 'image/png'))).toBe('too_many_pixels');
    const huge = { size: MAX_INPUT_BYTES + 1 } as Blob;
    expect(await problem(huge)).toBe('too_large');
    expect(decode).not.toHaveBeenCalled();
  });

  it('says unreadable when the browser cannot decode the image', async () => {
    const { canvas, decode } = fakeCanvas([]);
    decode.mockRejectedValueOnce(new Error('broken'));
    await expect(preparePhoto(blobOf(png(10, 10), 'image/png'), canvas)).rejects.toMatchObject({
      problem: 'unreadable',
    });
  });

  it('gives up when even the lowest quality is too big', async () => {
    const { canvas } = fakeCanvas(Array(10).fill(MAX_OUTPUT_BYTES + 1));
    await expect(preparePhoto(blobOf(jpeg(100, 100)), canvas)).rejects.toMatchObject({
      problem: 'too_large',
    });
  });
});

class FakeRequest {
  static last: FakeRequest;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  timeout = 0;
  body: unknown;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
}

const createRequest = () => new FakeRequest() as unknown as XMLHttpRequest;

describe('uploadFile', () => {
  it('PUTs the bytes with their type and reports progress to the end', async () => {
    const progress: number[] = [];
    const body = new Blob(['x']);
    const done = uploadFile({
      url: '/upload/abc',
      body,
      contentType: 'image/jpeg',
      onProgress: (p) => progress.push(p),
      createRequest,
    });
    const request = FakeRequest.last;
    expect([request.method, request.url, request.body]).toEqual(['PUT', '/upload/abc', body]);
    expect(request.headers['Content-Type']).toBe('image/jpeg');
    request.progress(25, 100);
    request.progress(100, 100);
    request.status = 204;
    request.onload?.();
    await done;
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('fails with the status of a refusal, and with 0 on a network error or abort', async () => {
    const refused = uploadFile({
      url: '/u',
      body: new Blob(),
      contentType: 'image/jpeg',
      createRequest,
    });
    FakeRequest.last.status = 410;
    FakeRequest.last.onload?.();
    await expect(refused).rejects.toMatchObject({ status: 410 });

    const lost = uploadFile({
      url: '/u',
      body: new Blob(),
      contentType: 'image/jpeg',
      createRequest,
    });
    FakeRequest.last.onerror?.();
    await expect(lost).rejects.toBeInstanceOf(UploadError);

    const controller = new AbortController();
    const aborted = uploadFile({
      url: '/u',
      body: new Blob(),
      contentType: 'image/jpeg',
      createRequest,
      signal: controller.signal,
    });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ status: 0 });
  });
});
