import { useSiteSettings } from '../api/get-settings';
import './site-extras.css';

/** §3 the two special banners (image file and link each), shown side by side where the page places them; nothing when neither has an image. */
export function SpecialBanners() {
  const { specialBanners } = useSiteSettings();
  if (specialBanners.length === 0) return null;
  return (
    <div className="special-banners" data-testid="special-banners">
      {specialBanners.map((banner, index) => {
        const image = <img src={banner.file} alt="" loading="lazy" />;
        return banner.link ? (
          <a key={index} href={banner.link} className="special-banners__item" data-testid="special-banner">
            {image}
          </a>
        ) : (
          <span key={index} className="special-banners__item" data-testid="special-banner">
            {image}
          </span>
        );
      })}
    </div>
  );
}
