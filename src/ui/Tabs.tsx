// One tab strip for the screens that switch between record lists (the WAI-ARIA tabs
// pattern): only the selected tab is in the tab order; the arrow keys, Home and End move
// between tabs and select them; the panel below is named by its tab.
import type { ReactNode } from 'react';

export interface TabsProps<V extends string> {
  /** Prefix of the elements' ids: `${id}-tab-${value}` and `${id}-panel`. */
  id: string;
  /** Names the strip for screen readers. */
  label: string;
  tabs: ReadonlyArray<{ value: V; label: string }>;
  selected: V;
  onSelect: (value: V) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index) => index + 1,
  ArrowLeft: (index) => index - 1,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function Tabs<V extends string>({
  id,
  label,
  tabs,
  selected,
  onSelect,
  children,
}: TabsProps<V>) {
  const tabId = (value: V) => `${id}-tab-${value}`;
  return (
    <>
      <div className="tabs" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={tabId(tab.value)}
            aria-selected={selected === tab.value}
            aria-controls={`${id}-panel`}
            tabIndex={selected === tab.value ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.value)}
            onKeyDown={(event) => {
              const step = STEPS[event.key];
              if (!step) return;
              event.preventDefault();
              const count = tabs.length;
              const next = tabs[(step(index, count) + count) % count]!;
              onSelect(next.value);
              document.getElementById(tabId(next.value))?.focus();
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </>
  );
}
