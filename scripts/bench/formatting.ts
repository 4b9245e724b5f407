// `node scripts/bench/formatting.ts`: what formatting amounts costs, per 1,000 amounts and per
// language, beside the arbitrary-precision formatter the app used before (dnum's `format`,
// which builds an Intl.NumberFormat per call). A report, never a test: it prints.
import * as dn from 'dnum';
import { LOCALES } from '../../contract/i18n/locales.ts';
import { formatAmount } from '../../contract/money/formatAmount.ts';

const AMOUNTS = 1_000;
const ROUNDS = 5;
const values: [bigint, number][] = Array.from({ length: AMOUNTS }, (_, i) => [
  BigInt(i) * 123_456_789n + 7n,
  6,
]);

/** The median of `ROUNDS` timed runs of `run`, in milliseconds. */
function median(run: () => void): number {
  const times = Array.from({ length: ROUNDS }, () => {
    const start = performance.now();
    run();
    return performance.now() - start;
  }).sort((a, b) => a - b);
  return times[Math.floor(ROUNDS / 2)]!;
}

console.log(`${AMOUNTS} amounts, median of ${ROUNDS} runs (ms)`);
console.log('locale  before (dnum.format)  now (formatAmount)');
for (const { locale } of LOCALES) {
  const before = median(() => {
    for (const value of values) {
      dn.format(value, {
        digits: 6,
        locale,
        decimalsRounding: 'ROUND_DOWN',
        signDisplay: 'negative',
      });
    }
  });
  const now = median(() => {
    for (const value of values) formatAmount(value, { locale });
  });
  console.log(
    `${locale.padEnd(6)}  ${before.toFixed(2).padStart(19)}  ${now.toFixed(2).padStart(18)}`,
  );
}
