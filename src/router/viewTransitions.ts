// A navigation that starts while the last one's page transition still runs skips that
// transition: its `ready` and `finished` promises reject with an AbortError that the router
// leaves unhandled, so every quick second tap logged an uncaught error. Skipping is expected
// (the new page shows at once); the rejections are handled here for every transition.
let handled = false;

export function handleSkippedViewTransitions(): void {
  if (handled || typeof document === 'undefined') return;
  if (typeof document.startViewTransition !== 'function') return;
  handled = true;
  const start = document.startViewTransition.bind(document);
  document.startViewTransition = ((update?: Parameters<typeof start>[0]) => {
    const transition = start(update);
    transition.ready.catch(() => {});
    transition.finished.catch(() => {});
    return transition;
  }) as typeof document.startViewTransition;
}
