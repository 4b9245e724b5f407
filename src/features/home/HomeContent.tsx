// The home page's project information (spec §1): figures, the protocol, the ticket purchase
// steps and ecosystem news, all operator content in the reader's language (English as the
// server's fallback). Plain text only; nothing here is a constant of the app.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { HomeContent as Content } from '../../../contract/api/content.ts';
import { useApi } from '../../state/apiContext.tsx';
import { homeContentOptions, pageDay } from '../../state/queries/content.ts';
import './home.css';
import { TitledSection } from '../../ui/TitledSection.tsx';

export function HomeContent() {
  const { i18n } = useLingui();
  const { data, isError, refetch, fetchStatus } = useQuery(
    homeContentOptions(useApi(), i18n.locale),
  );
  if (isError && !data) {
    return (
      <section className="card home-content" role="alert">
        <p className="empty-state-title">
          <Trans>Could not load the latest news</Trans>
        </p>
        <button type="button" className="button button-ghost" onClick={() => void refetch()}>
          <Trans>Try again</Trans>
        </button>
      </section>
    );
  }
  // Offline before it ever loaded: nothing to show, and no endless shimmer.
  if (!data && fetchStatus === 'paused') return null;
  if (!data) {
    return (
      <div className="home-content" aria-busy="true">
        <div className="skeleton skeleton-hero" />
        <div className="skeleton skeleton-hero" />
      </div>
    );
  }
  if (!data.content) return null;
  return <ContentSections content={data.content} lang={data.lang ?? undefined} />;
}

function ContentSections({ content, lang }: { content: Content; lang: string | undefined }) {
  const { i18n } = useLingui();
  const { highlights, protocol, steps, news } = content;
  return (
    <div className="home-content" lang={lang} data-testid="home-content">
      {highlights.length > 0 && (
        <ul className="home-highlights">
          {highlights.map((item, index) => (
            <li key={index}>
              <span className="home-highlight-value">{item.value}</span>
              <span className="home-highlight-label">{item.label}</span>
            </li>
          ))}
        </ul>
      )}
      <TitledSection titleId="home-protocol" title={protocol.title}>
        <p className="home-text">{protocol.text}</p>
      </TitledSection>
      <TitledSection titleId="home-steps" title={steps.title}>
        <ol className="home-steps">
          {steps.items.map((step, index) => (
            <li key={index}>{step}</li>
          ))}
        </ol>
      </TitledSection>
      <TitledSection titleId="home-news" title={news.title}>
        <ul className="home-news">
          {news.items.map((item, index) => (
            <li key={index}>
              <h3>{item.title}</h3>
              {item.date && (
                <time dateTime={item.date}>
                  {pageDay(i18n.locale, item.date) ??
                    i18n.date(`${item.date}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })}
                </time>
              )}
              <p className="home-text">{item.text}</p>
            </li>
          ))}
        </ul>
      </TitledSection>
    </div>
  );
}
