import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSiteLanguages } from '@/features/content/api/content';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { isLanguage, LANGUAGES, pathInLanguage } from '@/lib/language';

/** Spec §2 "language switcher (only if more than one language)". */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('layout');
  const settings = useSiteSettings();
  const location = useLocation();
  const navigate = useNavigate();
  // getLanguages says what the site offers; until it answers, the settings' list stands in.
  const siteLanguages = useSiteLanguages().data;
  const codes = siteLanguages ? siteLanguages.map((l) => l.code) : settings.languages;
  const offered = LANGUAGES.filter((code) => codes.includes(code));
  if (offered.length < 2) return null;
  return (
    <label className="language-switcher">
      <span className="sr-only">{t('language')}</span>
      <select
        value={i18n.language}
        data-testid="language-switcher"
        onChange={(e) => {
          const code = e.target.value;
          if (isLanguage(code)) navigate(`${pathInLanguage(location.pathname, code)}${location.search}${location.hash}`);
        }}
      >
        {offered.map((code) => (
          <option key={code} value={code}>
            {t(`languages.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
