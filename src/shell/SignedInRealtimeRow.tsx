// The menu's 'Live updates' row comes with the signed-in part (SignedInParts.tsx), which is
// loaded whenever someone is signed in: taken from there, it adds no file of its own.
import { lazy, Suspense } from 'react';

const RealtimeRow = lazy(() =>
  import('./SignedInParts.tsx').then(({ RealtimeRow }) => ({ default: RealtimeRow })),
);

export function SignedInRealtimeRow() {
  return (
    <Suspense fallback={null}>
      <RealtimeRow />
    </Suspense>
  );
}
