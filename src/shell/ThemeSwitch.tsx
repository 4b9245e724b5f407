import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { themeAtom, type Theme } from '../state/preferences.ts';
import '../ui/controls.css';

export function ThemeSwitch() {
  const { t } = useLingui();
  const [theme, setTheme] = useAtom(themeAtom);
  const options: { value: Theme; label: string }[] = [
    { value: 'system', label: t`System` },
    { value: 'light', label: t`Light` },
    { value: 'dark', label: t`Dark` },
  ];
  return (
    <fieldset className="segmented">
      <legend>
        <Trans>Appearance</Trans>
      </legend>
      {options.map((o) => (
        <label key={o.value} className="segmented-option">
          <input
            type="radio"
            name="theme"
            value={o.value}
            checked={theme === o.value}
            onChange={() => setTheme(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
