// Page checks shared by the layout and accessibility tests.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

export interface Overflow {
  element: string;
  left: number;
  right: number;
  width: number;
}

/** Every visible element that reaches past the viewport's sides (and the page's own width). */
export function overflowingElements(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: { element: string; left: number; right: number; width: number }[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push({
        element: 'html (page scrolls sideways)',
        left: 0,
        right: document.documentElement.scrollWidth,
        width,
      });
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Parked off-screen on purpose (the skip link until focused).
      if (rect.right <= 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // Scrolling content (a marquee) cut off by an ancestor that itself fits is not seen
      // past the sides.
      let clipped = false;
      for (let up = element.parentElement; up && !clipped; up = up.parentElement) {
        const overflowX = getComputedStyle(up).overflowX;
        if (overflowX !== 'hidden' && overflowX !== 'clip') continue;
        const box = up.getBoundingClientRect();
        clipped = box.left >= -0.5 && box.right <= width + 0.5;
      }
      if (clipped) continue;
      if (rect.right > width + 0.5 || rect.left < -0.5) {
        const name = `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
        found.push({
          element: `${name} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
          left: Math.round(rect.left),
          right: Math.round(rect.right),
          width: Math.round(rect.width),
        });
      }
    }
    return found;
  });
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's scan of the page as it is now: the serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol, which the page's strict CSP does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Document) => Promise<{
            violations: {
              id: string;
              impact: string | null;
              help: string;
              nodes: { target: string[] }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
  });
}
