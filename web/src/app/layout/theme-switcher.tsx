import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { useShownTheme, useThemeChoice } from '@/features/site/theme-choice';
import { THEMES, themeOf } from '@/features/site/themes';

/** §3 themeChange: the header's theme switcher, the site's themes; the pick is remembered in this browser. */
export function ThemeSwitcher() {
  const { t } = useTranslation('layout');
  const settings = useSiteSettings();
  const shown = useShownTheme();
  const choose = useThemeChoice((s) => s.choose);
  if (settings.themeChange !== 1) return null;
  return (
    <label className="theme-switcher">
      <span className="sr-only">{t('theme')}</span>
      <select value={shown} data-testid="theme-switcher" onChange={(e) => choose(themeOf(e.target.value))}>
        {THEMES.map((theme) => (
          <option key={theme} value={theme}>
            {t(`themes.${theme}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
