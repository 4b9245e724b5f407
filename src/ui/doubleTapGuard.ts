// A double tap is two clicks, the second with `detail` 2. When the first opens or closes a
// dialog, the second lands on something the person never aimed at: the new dialog's backdrop
// (which cancels it) or button (which would answer it unread), or the page under a dialog
// just answered. Such a second click is dropped. Two taps within one layer (a keypad inside a
// dialog, a button on the page) are left alone.

/** Each opening of a dialog gets its own number: a dialog reopened is a new layer. */
const openings = new WeakMap<Element, number>();
let openingCount = 0;
const PAGE = 0;

let lastLayer = PAGE;
let installed = false;

export function noteDialogOpened(dialog: HTMLDialogElement): void {
  openings.set(dialog, ++openingCount);
}

/** Which layer a click lands in: the page, or one opening of a dialog. */
function layerOf(target: EventTarget | null): number {
  const dialog = target instanceof Element ? target.closest('dialog[open]') : null;
  return dialog ? (openings.get(dialog) ?? -1) : PAGE;
}

function onClick(event: MouseEvent) {
  const layer = layerOf(event.target);
  const previous = lastLayer;
  lastLayer = layer;
  if (event.detail >= 2 && layer !== previous) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}

/** Installs the guard once, before any handler of the page sees the click. */
export function installDoubleTapGuard(doc: Document = document): void {
  if (installed) return;
  installed = true;
  doc.addEventListener('click', onClick, { capture: true });
}
