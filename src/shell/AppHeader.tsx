import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Menu } from './Menu.tsx';

/**
 * The same bar on every page: the menu on the left (after Back on inner pages, so any area is
 * two taps away from anywhere), title, language on the right.
 */
export function AppHeader({ title, isHome }: { title?: MessageDescriptor; isHome: boolean }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <header className="app-header">
      <div className="app-header-start">
        {!isHome && (
          <button
            type="button"
            className="icon-button back-button"
            aria-label={t`Back`}
            onClick={() =>
              canGoBack ? router.history.back() : void router.navigate({ to: '/index' })
            }
          >
            <ChevronLeft aria-hidden="true" size={24} />
          </button>
        )}
        <Menu />
      </div>
      <h1 className="app-title">{title ? i18n._(title) : 'JU Wallet'}</h1>
      <div className="app-header-end">
        <LanguageSwitch />
      </div>
    </header>
  );
}
