import { useEffect } from 'react';
import { useSiteSettings } from '../api/get-settings';
import { themeOf } from '../themes';

/**
 * Applies the brand: theme variables, title, favicon, the site's custom CSS and custom JS (spec §3
 * settings `css`, `custom JS`, `favicon`). Renders nothing.
 */
export function SiteAppearance() {
  const settings = useSiteSettings();

  useEffect(() => {
    document.documentElement.dataset.theme = themeOf(settings.site_default_theme);
  }, [settings.site_default_theme]);

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

  useEffect(() => {
    if (!settings.customJs) return;
    // The operator's own script (analytics, chat): trusted site configuration, run once per version.
    const script = document.createElement('script');
    script.dataset.site = 'custom-js';
    script.textContent = settings.customJs;
    document.body.append(script);
    return () => script.remove();
  }, [settings.customJs]);

  return null;
}
