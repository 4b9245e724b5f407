// The one PUT of a photo to the short-lived signed URL the server hands out. XMLHttpRequest,
// not fetch: only it reports upload progress. The bytes go straight from memory to the
// network; nothing is written to web storage or a cache.

export class UploadError extends Error {
  override name = 'UploadError';
  /** 0 when no answer came (offline, aborted, timed out). */
  readonly status: number;
  constructor(status: number) {
    super(status ? `Upload refused (${status})` : 'Upload failed');
    this.status = status;
  }
}

export interface UploadOptions {
  url: string;
  body: Blob;
  contentType: string;
  /** Fraction sent, 0…1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Replaceable in tests. */
  createRequest?: () => XMLHttpRequest;
}

export const UPLOAD_TIMEOUT_MS = 120_000;

export function uploadFile(options: UploadOptions): Promise<void> {
  const request = (options.createRequest ?? (() => new XMLHttpRequest()))();
  return new Promise<void>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new UploadError(0));
      return;
    }
    const abort = () => request.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    const done = (error: UploadError | null) => {
      options.signal?.removeEventListener('abort', abort);
      if (error) reject(error);
      else resolve();
    };
    request.open('PUT', options.url);
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.setRequestHeader('Content-Type', options.contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(1, event.loaded / event.total));
      }
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(1);
        done(null);
      } else {
        done(new UploadError(request.status));
      }
    };
    request.onerror = () => done(new UploadError(0));
    request.ontimeout = () => done(new UploadError(0));
    request.onabort = () => done(new UploadError(0));
    request.send(options.body);
  });
}
