// Runs `onChange` each time `key` differs from the one of the render before (not on the
// first): for telling other views that what this one shows has moved on.
import { useEffect, useRef } from 'react';

export function useWhenChanged(key: string, onChange: () => void): void {
  const last = useRef(key);
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    onChange();
  }, [key, onChange]);
}
