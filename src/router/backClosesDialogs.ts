// Back (the browser's, or a phone's) while a question or a sheet is open closes it and stays
// on the screen, as a phone's own dialogs do. Without this, Back left the screen with the
// question still open over the page before, where answering it still sent the money.
// Leaving for another page by any other way also ends every open question.
import type { RouterHistory } from '@tanstack/react-router';
import { dismissOpenPrompts } from '../ui/prompt.ts';

/** Dismisses every open question and asks every open dialog to close; true if any was open. */
export function closeOpenDialogs(doc: Document = document): boolean {
  const dialogs = [...doc.querySelectorAll('dialog[open]')];
  const prompted = dismissOpenPrompts();
  // The dialog's own cancel path (Esc's), so each closes the way its screen expects.
  for (const dialog of dialogs) dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
  return prompted || dialogs.length > 0;
}

export function installBackClosesDialogs(history: RouterHistory): () => void {
  return history.block({
    // Only for the app's own moves: a reload or closing the tab is never held up.
    enableBeforeUnload: false,
    blockerFn: ({ action, currentLocation, nextLocation }) => {
      if (action === 'PUSH' || action === 'REPLACE') {
        if (nextLocation.pathname !== currentLocation.pathname) closeOpenDialogs();
        return false;
      }
      // Back, forward or a jump through history: with something open, only close it. The
      // router undoes the move by the distance between the two entries; an entry written
      // behind its back (an in-page #anchor) has no place to measure from, so that move goes
      // ahead, with everything closed.
      const known = [currentLocation, nextLocation].every((location) =>
        Number.isInteger(location.state.__TSR_index),
      );
      return closeOpenDialogs() && known;
    },
  });
}
