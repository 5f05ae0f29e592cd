import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { apiRequest, isMissingRoute } from '@/lib/api-client';

interface SitePage {
  readonly title: string;
  /** Operator-authored text, shown as plain text. */
  readonly content: string;
}

/** Spec §2 /page/{id} (getPage): the site's static pages. */
export default function StaticPage() {
  const { t } = useTranslation('layout');
  const { id = '', lang = 'tr' } = useParams();
  const page = useQuery({
    queryKey: ['page', id, lang],
    queryFn: async () => {
      try {
        return await apiRequest<SitePage>(`/api/v1/site/pages/${encodeURIComponent(id)}`, { query: { lang } });
      } catch (error) {
        if (isMissingRoute(error)) return null;
        throw error;
      }
    },
  });
  if (page.isPending) return <div className="page-loading" aria-busy="true" />;
  if (!page.data)
    return (
      <section className="page" data-testid="page-static">
        <EmptyState title={t('pageMissing')} />
      </section>
    );
  return (
    <section className="page" data-testid="page-static">
      <h1>{page.data.title}</h1>
      <div className="prose">{page.data.content}</div>
    </section>
  );
}
