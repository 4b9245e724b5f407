import { beforeAll, describe, expect, it } from 'vitest';
import { installDoubleTapGuard, noteDialogOpened } from '../../../src/ui/doubleTapGuard.ts';

/** A click as a tap makes it: `detail` counts the taps of a double tap. */
function tap(target: Element, detail: number): boolean {
  let reached = false;
  const listener = () => (reached = true);
  target.addEventListener('click', listener);
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail }));
  target.removeEventListener('click', listener);
  return reached;
}

function openDialog(): { dialog: HTMLDialogElement; button: HTMLButtonElement } {
  const dialog = document.createElement('dialog');
  const button = document.createElement('button');
  dialog.append(button);
  document.body.append(dialog);
  dialog.setAttribute('open', '');
  noteDialogOpened(dialog);
  return { dialog, button };
}

describe('double tap guard', () => {
  const pageButton = document.createElement('button');
  beforeAll(() => {
    document.body.append(pageButton);
    installDoubleTapGuard();
  });

  it('drops the second tap when the first opened a dialog, on its button or backdrop', () => {
    for (const on of ['button', 'dialog'] as const) {
      expect(tap(pageButton, 1)).toBe(true);
      const opened = openDialog();
      expect(tap(opened[on], 2)).toBe(false);
      opened.dialog.remove();
    }
  });

  it('drops the second tap when the first closed the dialog', () => {
    const { dialog, button } = openDialog();
    expect(tap(button, 1)).toBe(true);
    dialog.removeAttribute('open');
    expect(tap(pageButton, 2)).toBe(false);
    dialog.remove();
  });

  it('treats a dialog opened again as a new layer', () => {
    const { dialog, button } = openDialog();
    expect(tap(button, 1)).toBe(true);
    noteDialogOpened(dialog);
    expect(tap(button, 2)).toBe(false);
    dialog.remove();
  });

  it('leaves taps within one layer alone', () => {
    expect(tap(pageButton, 1)).toBe(true);
    expect(tap(pageButton, 2)).toBe(true);
    const { dialog, button } = openDialog();
    expect(tap(button, 1)).toBe(true);
    expect(tap(button, 2)).toBe(true);
    expect(tap(button, 3)).toBe(true);
    dialog.remove();
  });
});
