// A card section named by its heading: the heading's id labels the section for screen
// readers, so each screen region is announced by its title.
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

type SectionProps = Omit<ComponentPropsWithoutRef<'section'>, 'title' | 'aria-labelledby'>;

export function TitledSection({
  titleId,
  title,
  className = 'card',
  children,
  ...section
}: SectionProps & { titleId: string; title: ReactNode }) {
  return (
    <section className={className} aria-labelledby={titleId} {...section}>
      <h2 id={titleId} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
