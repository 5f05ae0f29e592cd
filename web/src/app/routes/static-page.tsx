import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { useStaticPage } from '@/features/content/api/content';

/** Spec §2 /page/{id} (getPage): the site's static pages in the page language. */
export default function StaticPage() {
  const { t } = useTranslation('content');
  const { id = '', lang = 'tr' } = useParams();
  const page = useStaticPage(id, lang);
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
      {/* Operator-authored text, shown as plain text with its line breaks. */}
      <div className="prose">{page.data.body}</div>
    </section>
  );
}
