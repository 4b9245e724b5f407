// The marquee (spec §1): the operator's news lines scrolling across the home page, in the
// reader's language. The bar keeps its height while loading and when empty, so nothing
// below it moves; the scroll pauses on hover or focus and stops for reduced motion.
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../state/apiContext.tsx';
import { marqueeOptions } from '../../state/queries/content.ts';
import './home.css';

// Reading speed: about this many characters a second cross the bar.
const CHARACTERS_PER_SECOND = 8;

export function Marquee() {
  const { i18n, t } = useLingui();
  const { data, isError, fetchStatus } = useQuery(marqueeOptions(useApi(), i18n.locale));
  const items = data?.list ?? [];
  // Offline with nothing saved there is no news to wait for (the query failed, or waits for
  // a connection): no empty grey bar.
  const waitsOffline = fetchStatus === 'paused';
  if (items.length === 0 && (isError || waitsOffline)) return null;
  const characters = items.reduce((sum, item) => sum + item.length, 0);
  const seconds = Math.max(12, Math.round(characters / CHARACTERS_PER_SECOND));
  return (
    <section className="marquee" aria-label={t`Announcements`} data-testid="marquee">
      <div className="marquee-window" tabIndex={items.length ? 0 : -1}>
        {items.length > 0 && (
          <ul
            className="marquee-track"
            lang={data?.lang ?? undefined}
            style={{ '--marquee-seconds': `${seconds}s` } as React.CSSProperties}
          >
            {items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
