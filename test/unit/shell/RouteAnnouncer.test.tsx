// After a navigation the page gets the focus, in a task after the new page has painted (not in
// the navigation's own task, where focusing would force its style and layout there and then).
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteAnnouncer } from '../../../src/shell/RouteAnnouncer.tsx';
import { activateEnglish } from '../support/i18n.ts';

beforeAll(activateEnglish);
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
});
afterEach(() => {
  vi.useRealTimers();
});

function page(pathname: string) {
  return (
    <I18nProvider i18n={i18n}>
      <a href="/next">Next</a>
      <main id="main" tabIndex={-1}>
        <input aria-label="Amount" />
      </main>
      <RouteAnnouncer pathname={pathname} />
    </I18nProvider>
  );
}

const main = () => document.getElementById('main');

describe('RouteAnnouncer', () => {
  it('leaves the focus alone on the first page', () => {
    render(page('/index'));
    act(() => {
      vi.runAllTimers();
    });
    expect(document.activeElement).toBe(document.body);
  });

  it('focuses the page after the navigation has painted, not in its own task', () => {
    const { rerender } = render(page('/index'));
    document.querySelector('a')!.focus();
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    rerender(page('/wallet'));
    expect(focus).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.querySelector('a'));
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(document.activeElement).not.toBe(main());
    act(() => {
      vi.runAllTimers();
    });
    expect(document.activeElement).toBe(main());
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
  });

  it('a second navigation before the first has painted focuses once, for the second', () => {
    const { rerender } = render(page('/index'));
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    rerender(page('/wallet'));
    rerender(page('/user'));
    act(() => {
      vi.runAllTimers();
    });
    expect(document.activeElement).toBe(main());
    expect(focus).toHaveBeenCalledTimes(1);
  });

  it('keeps the focus where the user moved it meanwhile', () => {
    const { rerender, getByLabelText } = render(page('/index'));
    rerender(page('/wallet'));
    getByLabelText('Amount').focus();
    act(() => {
      vi.runAllTimers();
    });
    expect(document.activeElement).toBe(getByLabelText('Amount'));
  });

  it('focuses nothing once the page is gone', () => {
    const { rerender, unmount } = render(page('/index'));
    rerender(page('/wallet'));
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    unmount();
    act(() => {
      vi.runAllTimers();
    });
    expect(focus).not.toHaveBeenCalled();
  });
});
