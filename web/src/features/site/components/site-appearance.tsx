import { useEffect } from 'react';
import { useSiteSettings } from '../api/get-settings';
import { useShownTheme } from '../theme-choice';

/** Sets (or, for '', removes) one `<meta name=…>` of the document head. */
function useMeta(name: string, content: string) {
  useEffect(() => {
    if (!content) return;
    const meta = document.createElement('meta');
    meta.name = name;
    meta.content = content;
    meta.dataset.site = `meta-${name}`;
    document.head.append(meta);
    return () => meta.remove();
  }, [name, content]);
}

/** Runs one operator script (custom JS, analytics) once per value; '' runs nothing. */
function useScript(kind: string, code: string) {
  useEffect(() => {
    if (!code) return;
    const script = document.createElement('script');
    script.dataset.site = kind;
    script.textContent = code;
    document.body.append(script);
    return () => script.remove();
  }, [kind, code]);
}

/** The Google tag snippet for a §3 analytics id (validated by the api: letters, digits, dashes). */
export function analyticsSnippet(id: string): string {
  return `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${JSON.stringify(id)});`;
}

/**
 * Applies the brand: theme variables, title, favicon, the site's custom CSS and custom JS (spec §3
 * settings `css`, `custom JS`, `favicon`), the keywords/description/site verification meta tags, the
 * background image, and the analytics tag (id) and script, injected like the custom JS. Renders nothing.
 */
export function SiteAppearance() {
  const settings = useSiteSettings();
  const theme = useShownTheme();

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  useEffect(() => {
    if (settings.title) document.title = settings.title;
  }, [settings.title]);

  useEffect(() => {
    if (!settings.favicon) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = settings.favicon;
  }, [settings.favicon]);

  useEffect(() => {
    if (!settings.css) return;
    const style = document.createElement('style');
    style.dataset.site = 'custom-css';
    style.textContent = settings.css;
    document.head.append(style);
    return () => style.remove();
  }, [settings.css]);

  // The operator's own scripts (custom code, analytics): trusted site configuration, run once per version.
  useScript('custom-js', settings.customJs);
  useScript('analytics-script', settings.analyticsScript);
  useScript('analytics-config', settings.analyticsId ? analyticsSnippet(settings.analyticsId) : '');

  useEffect(() => {
    if (!settings.analyticsId) return;
    const loader = document.createElement('script');
    loader.async = true;
    loader.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(settings.analyticsId)}`;
    loader.dataset.site = 'analytics-tag';
    document.head.append(loader);
    return () => loader.remove();
  }, [settings.analyticsId]);

  useMeta('keywords', settings.keywords);
  useMeta('description', settings.description);
  useMeta('google-site-verification', settings.siteVerification);

  useEffect(() => {
    if (!settings.background) return;
    const { body } = document;
    body.style.backgroundImage = `url(${JSON.stringify(settings.background)})`;
    body.dataset.siteBackground = 'on';
    return () => {
      body.style.backgroundImage = '';
      delete body.dataset.siteBackground;
    };
  }, [settings.background]);

  return null;
}
