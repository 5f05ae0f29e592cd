import { useSiteSettings } from '../api/get-settings';
import './site-extras.css';

/** §3 tv_logos: the TV channels' logos shown with the TV games; nothing when the site lists none. */
export function TvLogos() {
  const { tv_logos: logos } = useSiteSettings();
  if (logos.length === 0) return null;
  return (
    <ul className="tv-logos" data-testid="tv-logos">
      {logos.map((src) => (
        <li key={src}>
          <img src={src} alt="" loading="lazy" />
        </li>
      ))}
    </ul>
  );
}
