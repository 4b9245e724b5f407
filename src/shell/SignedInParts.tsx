// What runs for a signed-in session only, loaded with its first screen: payments in progress
// (payment/PaymentWatch.tsx) and live updates (realtime/RealtimeHost.tsx). One part, so the
// first screen carries one lazy import for both.
import PaymentWatch from '../payment/PaymentWatch.tsx';
import RealtimeHost from '../realtime/RealtimeHost.tsx';

export { RealtimeRow } from './RealtimeRow.tsx';

export default function SignedInParts({ token }: { token: string }) {
  return (
    <>
      <PaymentWatch />
      {/* One hub per session: an account switch starts a new one, with no offsets. */}
      <RealtimeHost key={token} />
    </>
  );
}
