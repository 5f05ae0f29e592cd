import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { useAffiliateBanners } from '../api/affiliate';
import { absolute, bannerSnippet, referralLink } from '../links';
import { CopyButton } from './copy-button';
import { QueryState } from './query-state';
import './affiliate.css';

/** Spec §2 /affiliateBanner (getAffiliateBanner): each banner as it will look, with its HTML to copy. */
export function AffiliateBannersPage({ origin = globalThis.location?.origin ?? '' }: { origin?: string }) {
  const { t } = useTranslation('affiliate');
  const banners = useAffiliateBanners();
  return (
    <QueryState query={banners} testId="affiliate-banners">
      {({ referralPath, banners: list }) => {
        const link = referralLink(origin, referralPath);
        const plain = `<a href="${link}" target="_blank" rel="noopener">${link}</a>`;
        return (
          <>
            <div className="affiliate-card">
              <p>{t('bannersIntro')}</p>
              <div className="affiliate-link-row">
                <input className="affiliate-link" readOnly value={link} aria-label={t('link')} data-testid="affiliate-banner-link" />
                <CopyButton text={link} testId="affiliate-banner-copy-link" />
              </div>
            </div>
            {list.length === 0 ? (
              <EmptyState title={t('noBanners')}>
                <textarea className="affiliate-snippet" readOnly value={plain} rows={2} aria-label={t('snippet')} data-testid="affiliate-plain-snippet" />
              </EmptyState>
            ) : (
              <ul className="affiliate-banners" data-testid="affiliate-banner-list">
                {list.map((banner) => {
                  const snippet = bannerSnippet(origin, link, banner);
                  return (
                    <li key={banner.id} className="affiliate-card" data-testid={`affiliate-banner-${banner.id}`}>
                      <h2>
                        {banner.title}
                        {banner.width && banner.height ? ` · ${banner.width}×${banner.height}` : ''}
                      </h2>
                      <img
                        src={absolute(origin, banner.image)}
                        alt={banner.title}
                        {...(banner.width && banner.height ? { width: banner.width, height: banner.height } : {})}
                      />
                      <label>
                        {t('snippet')}
                        <textarea readOnly value={snippet} rows={3} data-testid={`affiliate-snippet-${banner.id}`} onFocus={(e) => e.target.select()} />
                      </label>
                      <CopyButton text={snippet} testId={`affiliate-copy-${banner.id}`} />
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        );
      }}
    </QueryState>
  );
}
