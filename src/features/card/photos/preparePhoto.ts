// An identity photo is downsized and re-encoded in the browser before it leaves the device:
// drawing it on a canvas and encoding the canvas keeps only the pixels, so EXIF data (GPS
// location, camera serial) never reaches the server. Files too big, of the wrong real type or
// declaring too many pixels are refused before anything decodes them.
import { HEADER_BYTES, readImageHeader } from './imageHeader.ts';

/** Limits for the file the user picks (a phone camera's full-size photo fits). */
export const MAX_INPUT_BYTES = 25 * 1024 * 1024;
export const MAX_INPUT_PIXELS = 50_000_000;
/** What is uploaded: the long edge and the encoded size, enough to read a document. */
export const MAX_EDGE_PX = 2000;
export const MAX_OUTPUT_BYTES = 1_500_000;
const QUALITIES = [0.88, 0.8, 0.7, 0.6, 0.5] as const;

export type PhotoProblem = 'not_an_image' | 'too_large' | 'too_many_pixels' | 'unreadable';

export class PhotoError extends Error {
  override name = 'PhotoError';
  readonly problem: PhotoProblem;
  constructor(problem: PhotoProblem) {
    super(problem);
    this.problem = problem;
  }
}

export interface PreparedPhoto {
  blob: Blob;
  type: 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

/** Draws and encodes; replaceable in tests (happy-dom has no canvas). */
export interface PhotoCanvas {
  decode(file: Blob): Promise<{ width: number; height: number; source: CanvasImageSource }>;
  encode(
    source: CanvasImageSource,
    width: number,
    height: number,
    type: PreparedPhoto['type'],
    quality: number,
  ): Promise<Blob | null>;
}

/** The size to draw at: the long edge at most `maxEdge`, never enlarged. */
export function fitWithin(width: number, height: number, maxEdge: number) {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export const browserCanvas: PhotoCanvas = {
  async decode(file) {
    // 'from-image' turns a sideways phone photo upright from its EXIF orientation.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { width: bitmap.width, height: bitmap.height, source: bitmap };
  },
  async encode(source, width, height, type, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    // JPEG has no transparency: a white page under a transparent PNG, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(source, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
    canvas.width = 0;
    canvas.height = 0;
    return blob;
  },
};

export async function preparePhoto(
  file: Blob,
  canvas: PhotoCanvas = browserCanvas,
  type: PreparedPhoto['type'] = 'image/jpeg',
): Promise<PreparedPhoto> {
  if (file.size > MAX_INPUT_BYTES) throw new PhotoError('too_large');
  const head = new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer());
  const header = readImageHeader(head);
  if (!header) throw new PhotoError('not_an_image');
  if (header.width * header.height > MAX_INPUT_PIXELS) throw new PhotoError('too_many_pixels');

  let decoded: Awaited<ReturnType<PhotoCanvas['decode']>>;
  try {
    decoded = await canvas.decode(file);
  } catch {
    throw new PhotoError('unreadable');
  }
  try {
    const size = fitWithin(decoded.width, decoded.height, MAX_EDGE_PX);
    for (const quality of QUALITIES) {
      const blob = await canvas.encode(decoded.source, size.width, size.height, type, quality);
      if (!blob) throw new PhotoError('unreadable');
      if (blob.size <= MAX_OUTPUT_BYTES) return { blob, type, ...size };
    }
    throw new PhotoError('too_large');
  } finally {
    if ('close' in decoded.source && typeof decoded.source.close === 'function') {
      decoded.source.close();
    }
  }
}
