// One photo of a document: take it with the camera or choose a file, see it downsized, watch
// the upload, try again when it fails. Loaded on demand by the holder form (camera, canvas and
// upload code stay out of every other screen).
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef } from 'react';
import { usePhotoOnFile } from './usePhotoOnFile.ts';
import type { PhotoSlot, PhotoSlotState } from './usePhotoSlot.ts';
import './photos.css';
import '../../../ui/controls.css';

export interface PhotoPickerProps {
  label: string;
  slot: PhotoSlot;
  error?: string | undefined;
}

function useProblemText() {
  const { t } = useLingui();
  return (state: PhotoSlotState): string | null => {
    if (state.status !== 'failed') return null;
    switch (state.problem) {
      case 'not_an_image':
        return t`This file is not a JPEG, PNG or WebP image.`;
      case 'too_large':
        return t`This image is too large. Choose a smaller one.`;
      case 'too_many_pixels':
        return t`This image has too many pixels. Choose a smaller one.`;
      case 'unreadable':
        return t`This image could not be read. Choose another one.`;
      case 'upload':
        return t`The upload failed. Check your connection and try again.`;
    }
  };
}

export default function PhotoPicker({ label, slot, error }: PhotoPickerProps) {
  const { t } = useLingui();
  const id = useId();
  const cameraInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const problem = useProblemText()(slot.state);
  const state = slot.state;
  const fresh = 'preview' in state ? state.preview : null;
  const onFile = usePhotoOnFile(state.status === 'done' && !fresh ? state.file : null);
  const preview = fresh ?? onFile;
  const busy = state.status === 'preparing' || state.status === 'uploading';
  const message = error ?? problem;

  const onPicked = (input: HTMLInputElement | null) => {
    const picked = input?.files?.[0];
    // Clear the input so the same file can be picked again, and no File lingers in the DOM.
    if (input) input.value = '';
    if (picked) void slot.choose(picked);
  };

  return (
    <div
      className="photo-slot"
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={message ? `${id}-error` : undefined}
      data-testid="photo-slot"
      data-status={state.status}
    >
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      <div className="photo-frame">
        {preview ? (
          <img src={preview} alt={t`Preview: ${label}`} className="photo-preview" />
        ) : state.status === 'done' ? (
          <span className="photo-placeholder">
            <Trans>Photo on file</Trans>
          </span>
        ) : (
          <span className="photo-placeholder">
            <Trans>No photo yet</Trans>
          </span>
        )}
      </div>
      {state.status === 'preparing' && (
        <p className="field-hint" role="status">
          <Trans>Preparing the photo…</Trans>
        </p>
      )}
      {state.status === 'uploading' && (
        <progress
          className="photo-progress"
          max={100}
          value={Math.round(state.progress * 100)}
          aria-label={t`Uploading ${label}`}
        />
      )}
      {state.status === 'done' && fresh && (
        <p className="field-hint" role="status">
          <Trans>Uploaded</Trans>
        </p>
      )}
      <div className="photo-actions">
        <input
          ref={cameraInput}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          onChange={(event) => onPicked(event.currentTarget)}
        />
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          onChange={(event) => onPicked(event.currentTarget)}
        />
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={busy}
          onClick={() => cameraInput.current?.click()}
        >
          <Trans>Take photo</Trans>
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={busy}
          onClick={() => fileInput.current?.click()}
        >
          <Trans>Choose file</Trans>
        </button>
        {slot.canRetry && (
          <button
            type="button"
            className="button button-primary button-small"
            onClick={() => void slot.retry()}
          >
            <Trans>Try the upload again</Trans>
          </button>
        )}
      </div>
      {message && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
