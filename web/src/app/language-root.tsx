import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { canonicalPath, isLanguage, resolveLanguage } from '@/lib/language';
import { readStored, STORAGE_KEYS, writeStored } from '@/lib/storage';
import { Layout } from './layout/layout';

function usePreferredLanguage() {
  const settings = useSiteSettings();
  return resolveLanguage({
    stored: readStored<string>(STORAGE_KEYS.language),
    browser: globalThis.navigator?.languages ?? [],
    browserLanguage: settings.browser_language !== 0,
    siteDefault: settings.site_default_lang,
  });
}

/** A path without a language (or an unknown one) goes to the same page under the resolved language (§2). */
export function LanguageRedirect() {
  const location = useLocation();
  const language = usePreferredLanguage();
  const target = canonicalPath(location.pathname, language) ?? `/${language}`;
  return <Navigate to={`${target}${location.search}${location.hash}`} replace />;
}

/** `/:lang/...`: checks the language segment, switches i18next to it and keeps it as the stored preference. */
export function LanguageRoot() {
  const { lang } = useParams();
  const location = useLocation();
  const { i18n } = useTranslation();
  const preferred = usePreferredLanguage();
  const target = canonicalPath(location.pathname, isLanguage(lang) ? lang : preferred);

  useEffect(() => {
    if (target || !isLanguage(lang)) return;
    writeStored(STORAGE_KEYS.language, lang);
    document.documentElement.lang = lang;
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [lang, target, i18n]);

  if (target) return <Navigate to={`${target}${location.search}${location.hash}`} replace />;
  return <Layout />;
}
