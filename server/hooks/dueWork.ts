// Work that falls due with the clock rather than with a request: a cycle's payout, a node
// order's expiry. Each area lists its own in its area.ts (`dueWork`); the chain's job runs
// them all, after it has decided the pending payments (a payment confirmed now can make a
// cycle payable now), so the chain area need not know which areas exist.
//
// Generic in the context so that this file, read by the context's own type, does not import
// it back.

export interface DueWork<Context> {
  /** Figures of one run, merged into the job's report under these names. */
  run(context: Context, asOf: Date): Promise<Readonly<Record<string, number>>>;
}
