// A tap on the page as the server painted it, before the app took over, is not lost: the
// page's boot script (server/http/staticAppBoot.ts) notes the tapped button's accessible name
// on <html>, and once the app has drawn the page, its own button of that name is tapped.
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap';

const nameOf = (button: HTMLButtonElement) =>
  button.getAttribute('aria-label') || button.textContent.trim();

export function replayEarlyTap(container: ParentNode): void {
  const html = document.documentElement;
  const name = html.getAttribute(EARLY_TAP_ATTRIBUTE);
  if (name === null) return;
  html.removeAttribute(EARLY_TAP_ATTRIBUTE);
  const buttons = [...container.querySelectorAll('button')];
  buttons.find((button) => nameOf(button) === name)?.click();
}
