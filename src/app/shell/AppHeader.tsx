import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Menu } from './Menu.tsx';

export function AppHeader({ title, isHome }: { title?: MessageDescriptor; isHome: boolean }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <header className="app-header">
      {isHome ? (
        <Menu />
      ) : (
        <button
          type="button"
          className="icon-button"
          aria-label={t`Back`}
          onClick={() =>
            canGoBack ? router.history.back() : void router.navigate({ to: '/index' })
          }
        >
          <span aria-hidden="true">‹</span>
        </button>
      )}
      <h1 className="app-title">{title ? i18n._(title) : 'JU Wallet'}</h1>
      <div className="app-header-end">
        <LanguageSwitch />
        {!isHome && <Menu />}
      </div>
    </header>
  );
}
