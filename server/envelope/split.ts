// Where the envelope gateway's time goes, for the benchmark (scripts/bench.ts, BENCH_ONLY=
// envelope): the event loop's CPU microseconds per phase of each sealed call, summed (CPU time,
// not wall time: on a shared machine another process preempting this one adds nothing). Off
// unless the process starts with ENVELOPE_SPLIT=1; off, each phase costs one test of a
// constant.

/**
 * Each phase is synchronous (send: Fastify's reply.send of the sealed answer, down to the
 * socket write). The inner call is not timed: it awaits its queries, and whatever else the
 * event loop runs meanwhile would count as its own; it is in the bench's rest.
 */
export const SPLIT_PHASES = ['open', 'framing', 'nonce', 'seal', 'send'] as const;
export type SplitPhase = (typeof SPLIT_PHASES)[number];

export interface EnvelopeSplit {
  /** Sealed calls counted. */
  calls: number;
  /** Microseconds per phase, summed over the calls. */
  micros: Record<SplitPhase, number>;
  /** The event loop thread's CPU microseconds so far, and the whole process's (all threads). */
  eventLoopMicros: number;
  processMicros: number;
}

const on = process.env.ENVELOPE_SPLIT === '1';
const totals = {
  calls: 0,
  micros: { open: 0, framing: 0, nonce: 0, seal: 0, send: 0 },
};

/** The event loop thread's CPU time in microseconds (one getrusage call, about 1 µs). */
function cpuMicros(): number {
  const { user, system } = process.threadCpuUsage();
  return user + system;
}

/** A clock reading to hand to `endPhase`, or 0 while the split is off. */
export function splitClock(): number {
  return on ? cpuMicros() : 0;
}

/** Adds the time since `startedAt` (a splitClock reading) to `phase`; the next phase's start. */
export function endPhase(phase: SplitPhase, startedAt: number): number {
  if (!on) return 0;
  const now = cpuMicros();
  totals.micros[phase] += now - startedAt;
  if (phase === 'open') totals.calls++;
  return now;
}

/** The totals so far (the phases all zero while off); read on the event loop thread. */
export function readEnvelopeSplit(): EnvelopeSplit {
  const all = process.cpuUsage();
  return {
    calls: totals.calls,
    micros: { ...totals.micros },
    eventLoopMicros: cpuMicros(),
    processMicros: all.user + all.system,
  };
}
