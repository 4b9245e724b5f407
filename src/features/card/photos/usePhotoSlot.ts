// One photo of a holder's document: pick → downsize and re-encode → upload with progress →
// the server's file reference. The prepared image stays in this component's memory only, so a
// failed upload can be retried without asking for the file again; each attempt asks the
// server for a fresh signed URL (one URL takes one PUT and expires).
import { useCallback, useEffect, useRef, useState } from 'react';
import { preparePhoto, PhotoError, type PhotoProblem, type PreparedPhoto } from './preparePhoto.ts';
import { uploadFile, UploadError } from './uploadFile.ts';

export interface UploadTarget {
  /** Where to PUT the bytes. */
  url: string;
  /** The reference the holder form sends. */
  file: string;
}

export type RequestUpload = (photo: PreparedPhoto, signal: AbortSignal) => Promise<UploadTarget>;

export type PhotoSlotState =
  | { status: 'empty' }
  | { status: 'preparing' }
  | { status: 'uploading'; progress: number; preview: string }
  | { status: 'done'; file: string; preview: string | null }
  | { status: 'failed'; problem: PhotoProblem | 'upload'; preview: string | null };

export interface PhotoSlot {
  state: PhotoSlotState;
  /** The file reference once uploaded (or the one the holder already had). */
  file: string | null;
  choose(file: Blob): Promise<void>;
  /** Uploads the prepared photo again after a failed upload. */
  retry(): Promise<void>;
  canRetry: boolean;
}

export interface PhotoSlotDeps {
  prepare?: (file: Blob) => Promise<PreparedPhoto>;
  upload?: typeof uploadFile;
  createObjectURL?: (blob: Blob) => string;
  revokeObjectURL?: (url: string) => void;
}

export function usePhotoSlot(
  initialFile: string | null,
  requestUpload: RequestUpload,
  deps: PhotoSlotDeps = {},
): PhotoSlot {
  const prepare = deps.prepare ?? ((file: Blob) => preparePhoto(file));
  const upload = deps.upload ?? uploadFile;
  const createUrl = deps.createObjectURL ?? ((blob: Blob) => URL.createObjectURL(blob));
  const revokeUrl = deps.revokeObjectURL ?? ((url: string) => URL.revokeObjectURL(url));
  const [state, setState] = useState<PhotoSlotState>(
    initialFile ? { status: 'done', file: initialFile, preview: null } : { status: 'empty' },
  );
  const prepared = useRef<{ photo: PreparedPhoto; preview: string } | null>(null);
  const running = useRef<AbortController | null>(null);

  const forget = useCallback(() => {
    running.current?.abort();
    running.current = null;
    if (prepared.current) revokeUrl(prepared.current.preview);
    prepared.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => forget, [forget]);

  async function send() {
    const current = prepared.current;
    if (!current) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'uploading', progress: 0, preview: current.preview });
    try {
      const target = await requestUpload(current.photo, controller.signal);
      await upload({
        url: target.url,
        body: current.photo.blob,
        contentType: current.photo.type,
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) {
            setState({ status: 'uploading', progress, preview: current.preview });
          }
        },
      });
      if (controller.signal.aborted) return;
      setState({ status: 'done', file: target.file, preview: current.preview });
    } catch (error) {
      if (controller.signal.aborted && !(error instanceof UploadError)) return;
      if (controller.signal.aborted) return;
      setState({ status: 'failed', problem: 'upload', preview: current.preview });
    }
  }

  return {
    state,
    file: state.status === 'done' ? state.file : null,
    // An upload failure only follows a prepared photo, which is kept for the retry.
    canRetry: state.status === 'failed' && state.problem === 'upload',
    async choose(file) {
      forget();
      setState({ status: 'preparing' });
      let photo: PreparedPhoto;
      try {
        photo = await prepare(file);
      } catch (error) {
        setState({
          status: 'failed',
          problem: error instanceof PhotoError ? error.problem : 'unreadable',
          preview: null,
        });
        return;
      }
      prepared.current = { photo, preview: createUrl(photo.blob) };
      await send();
    },
    retry: send,
  };
}
