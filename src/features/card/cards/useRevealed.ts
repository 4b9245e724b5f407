// Shows revealed card details for a fixed time, then forgets them (spec: hidden again after
// 30 s). Leaving the screen forgets them at once.
import { useCallback, useEffect, useRef, useState } from 'react';

export function useRevealed<T>(visibleMs: number) {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hide = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setValue(null);
  }, []);
  const show = useCallback(
    (next: T) => {
      if (timer.current) clearTimeout(timer.current);
      setValue(next);
      timer.current = setTimeout(hide, visibleMs);
    },
    [hide, visibleMs],
  );
  useEffect(() => hide, [hide]);
  return { value, show, hide };
}
