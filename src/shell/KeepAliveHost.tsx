// Spec §2: some pages keep their state when the user leaves them. Those routes render here,
// each inside a React <Activity> that hides it (state kept, effects paused) while another
// page shows. Kept screens therefore must not read route-bound hooks (Route.useParams…).
import { Activity, type ComponentType, Suspense, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { PageSkeleton } from '../ui/PageSkeleton.tsx';

const MAX_KEPT = 8;

export function KeepAliveHost({ activeRouteId }: { activeRouteId: string | undefined }) {
  const router = useRouter();
  const [visited, setVisited] = useState<string[]>([]);
  if (activeRouteId && visited.at(-1) !== activeRouteId) {
    // Most recent last; the oldest page is let go beyond the limit.
    setVisited([...visited.filter((id) => id !== activeRouteId), activeRouteId].slice(-MAX_KEPT));
  }
  return (
    <>
      {visited.map((routeId) => {
        const route = router.routesById[routeId as keyof typeof router.routesById];
        const Screen = route?.options.component as ComponentType | undefined;
        if (!Screen) return null;
        const visible = routeId === activeRouteId;
        return (
          <Activity key={routeId} mode={visible ? 'visible' : 'hidden'}>
            <div className="page-view" hidden={!visible}>
              <Suspense fallback={<PageSkeleton />}>
                <Screen />
              </Suspense>
            </div>
          </Activity>
        );
      })}
    </>
  );
}
