// What decodes the camera's frames: the browser's own barcode reader where it has one for QR
// codes (Chromium on Android and macOS, Safari 17+), else qr-scanner's decoder in a worker
// started from a same-origin file, which a `worker-src 'self'` policy allows (the library's
// own Blob URL worker would be refused).
import workerUrl from 'virtual:qr-scanner-worker';

interface QrDetector {
  detect(source: unknown): Promise<unknown[]>;
}

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeQrDetector(): Promise<QrDetector | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** The engine for qr-scanner: a native detector or a same-origin worker. */
export async function createQrEngine(): Promise<Worker | QrDetector> {
  return (await nativeQrDetector()) ?? new Worker(workerUrl);
}
