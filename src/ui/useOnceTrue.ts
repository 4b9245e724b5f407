import { useState } from 'react';

/**
 * True from the first render where `value` is true on: a part loaded on first need (a dialog's
 * code) stays mounted afterwards, so closing it runs its own way.
 */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(false);
  if (value && !seen) setSeen(true);
  return seen || value;
}
