import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function NotFound() {
  const { t } = useTranslation('common');
  return (
    <section className="card" data-testid="not-found">
      <h1>{t('notFound')}</h1>
      <Link to="/">{t('backHome')}</Link>
    </section>
  );
}
