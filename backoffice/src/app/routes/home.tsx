import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMe } from '@/features/auth/api/session';
import { sectionsFor } from '@/features/auth/access';
import { sectionPath, useStaffWaiting, waitingBySection } from '@/features/waiting/api/get-waiting';
import { WaitingBadge } from '@/features/waiting/components/waiting-badge';

/** What the signed-in role can do here, one link per section, with what waits there for admin and operator. */
export default function HomePage() {
  const { t } = useTranslation('common');
  const user = useMe().data!;
  const waiting = waitingBySection(useStaffWaiting(user).data);
  return (
    <section className="card" data-testid="page-home">
      <h1>{t('welcome', { name: user.userName })}</h1>
      <p className="muted">{t('roleIntro', { role: t(`roles.${user.role}`) })}</p>
      <ul className="tiles">
        {sectionsFor(user).map((section) => (
          <li key={section}>
            <Link to={sectionPath(section, waiting)} className="tile">
              <strong>
                {t(`sections.${section}`)}
                <WaitingBadge section={section} count={waiting[section]} />
              </strong>
              <span className="muted">{t(`sectionHints.${section}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
