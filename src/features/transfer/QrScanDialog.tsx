// Scan a receive address with the camera. The scanner library is loaded only when the user
// taps scan, so nobody else downloads it.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../ui/Dialog.tsx';
import '../../ui/controls.css';

/** `ethereum:0xabc…@210000?value=…` (EIP-681) or a bare address → the address part. */
export function addressFromQr(text: string): string {
  const trimmed = text.trim();
  const match = /^(?:ethereum:)?(?:pay-)?(0x[0-9a-fA-F]{40})(?:[@/?].*)?$/i.exec(trimmed);
  return match?.[1] ?? trimmed;
}

export function QrScanDialog({
  open,
  onResult,
  onDismiss,
}: {
  open: boolean;
  onResult: (address: string) => void;
  onDismiss: () => void;
}) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The latest handler, read when a code is found: a screen re-rendering while the camera
  // starts must not restart it.
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  });

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    void (async () => {
      try {
        const [{ default: QrScanner }, { createQrEngine }] = await Promise.all([
          import('qr-scanner'),
          import('./qrEngine.ts'),
        ]);
        if (stopped || !video.current) return;
        // The library asks this for its decoder; ours keeps to the page's worker policy.
        QrScanner.createQrEngine = createQrEngine as typeof QrScanner.createQrEngine;
        const scanner = new QrScanner(
          video.current,
          (result) => {
            scanner.stop();
            onResultRef.current(addressFromQr(result.data));
          },
          { returnDetailedScanResult: true, preferredCamera: 'environment' },
        );
        stop = () => scanner.destroy();
        await scanner.start();
      } catch {
        if (!stopped)
          setProblem(t`The camera could not be opened. Allow camera access or type the address.`);
      }
    })();
    return () => {
      stopped = true;
      stop?.();
      setProblem(null);
    };
  }, [open, t]);

  return (
    <Dialog open={open} title={<Trans>Scan address</Trans>} onDismiss={onDismiss} variant="sheet">
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : (
        <video ref={video} className="scanner-video" muted playsInline aria-label={t`Camera`} />
      )}
    </Dialog>
  );
}
