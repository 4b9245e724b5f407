// Reads an image's real type (by its magic bytes, not its name) and its declared size in
// pixels from the first bytes of the file, before anything decodes it: a tiny file can declare
// 50,000 × 50,000 pixels and take the whole memory of a phone once decoded.

export type ImageKind = 'jpeg' | 'png' | 'webp';

export interface ImageHeader {
  kind: ImageKind;
  width: number;
  height: number;
}

/** How many leading bytes `readImageHeader` needs for any JPEG with a normal header size. */
export const HEADER_BYTES = 256 * 1024;

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

export function imageKind(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    return 'webp';
  }
  return null;
}

function pngSize(view: DataView): [number, number] | null {
  if (view.byteLength < 24) return null;
  return [view.getUint32(16), view.getUint32(20)];
}

function webpSize(bytes: Uint8Array, view: DataView): [number, number] | null {
  if (bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') {
    // Lossy: the 14-bit sizes follow the frame start code 9d 01 2a.
    return [view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff];
  }
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8X') {
    const width = (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16)) + 1;
    const height = (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16)) + 1;
    return [width, height];
  }
  return null;
}

const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

function jpegSize(bytes: Uint8Array, view: DataView): [number, number] | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = view.getUint16(at + 2);
    if (JPEG_FRAME_MARKERS.has(marker)) {
      return [view.getUint16(at + 7), view.getUint16(at + 5)];
    }
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/** The real type and declared size, or null when the bytes are not a JPEG, PNG or WebP. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const kind = imageKind(bytes);
  if (!kind) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size =
    kind === 'png'
      ? pngSize(view)
      : kind === 'webp'
        ? webpSize(bytes, view)
        : jpegSize(bytes, view);
  if (!size || size[0] <= 0 || size[1] <= 0) return null;
  return { kind, width: size[0], height: size[1] };
}
