// Time left until a moment (a ticket's invalidation, a quote's expiry), ticking on screen.
import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` while the component is shown. */
export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Whole milliseconds left; 0 once the moment has passed. */
  ms: number;
}

export function timeLeft(until: string | number, now: number): TimeLeft {
  const end = typeof until === 'number' ? until : Date.parse(until);
  const ms = Math.max(0, end - now);
  const totalSeconds = Math.floor(ms / 1000);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3_600),
    minutes: Math.floor((totalSeconds % 3_600) / 60),
    seconds: totalSeconds % 60,
    ms,
  };
}
