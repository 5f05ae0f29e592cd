import { Link, useParams } from 'react-router-dom';
import { useBanners } from '../api/content';

/**
 * The site's banners of one display area (§3 Banner: title, image, url, tag, order), in the
 * server's order, as a row that scrolls and snaps (CSS only, no slider library on Home).
 */
export function BannerStrip({ area }: { area: string }) {
  const { lang = 'tr' } = useParams();
  const banners = useBanners(area, lang);
  const list = banners.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="banner-strip" aria-label={list.map((b) => b.title).join(', ')} data-testid={`banners-${area}`}>
      {list.map((banner, index) => {
        const image = <img src={banner.image} alt={banner.title} loading={index === 0 ? 'eager' : 'lazy'} />;
        const inner = (
          <>
            {image}
            {banner.tag && <span className="tag banner-strip__tag">{banner.tag}</span>}
          </>
        );
        const external = /^https?:/.test(banner.url);
        return (
          <figure key={banner.id} className="banner-strip__item" data-testid="banner">
            {banner.url && external ? (
              <a href={banner.url} target="_blank" rel="noreferrer">
                {inner}
              </a>
            ) : banner.url ? (
              <Link to={banner.url}>{inner}</Link>
            ) : (
              inner
            )}
          </figure>
        );
      })}
    </section>
  );
}
