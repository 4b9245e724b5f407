import { encode } from 'uqr';
import { useEffect, useState } from 'react';
import './controls.css';

interface Drawn {
  path: string;
  modules: number;
}

// Encoding is tens of milliseconds on a phone: done once per value, after the screen has
// painted, and kept for the next visit (a user has one invite link).
const drawn = new Map<string, Drawn>();
const KEPT = 8;

function draw(value: string): Drawn {
  let qr = drawn.get(value);
  if (!qr) {
    const { data, size } = encode(value, { ecc: 'M', border: 2 });
    let path = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) path += `M${x} ${y}h1v1h-1z`;
      }),
    );
    qr = { path, modules: size };
    if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value!);
    drawn.set(value, qr);
  }
  return qr;
}

/** A QR code drawn as one SVG path: crisp at any size, no canvas, nothing inlined as HTML. */
export function QrCode({
  value,
  label,
  size = 176,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  const [qr, setQr] = useState<{ value: string; drawn: Drawn } | null>(() =>
    drawn.has(value) ? { value, drawn: draw(value) } : null,
  );
  useEffect(() => {
    if (qr?.value === value) return;
    // After paint: the screen shows at once, the code a moment later in the same box.
    const frame = requestAnimationFrame(() => setQr({ value, drawn: draw(value) }));
    return () => cancelAnimationFrame(frame);
  }, [qr, value]);
  const shown = qr?.value === value ? qr.drawn : null;
  const modules = shown?.modules ?? 1;
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      aria-busy={shown === null}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#fff" />
      {shown && <path d={shown.path} fill="#000" />}
    </svg>
  );
}
