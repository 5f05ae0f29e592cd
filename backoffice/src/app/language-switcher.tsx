import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, storeLanguage } from '@/lib/language';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const change = (language: Language) => {
    storeLanguage(language);
    void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  };
  return (
    <select aria-label={t('language')} value={i18n.language} data-testid="language" onChange={(event) => change(event.target.value as Language)}>
      {LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {t(`languages.${language}`)}
        </option>
      ))}
    </select>
  );
}
