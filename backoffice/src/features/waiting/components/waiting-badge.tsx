import { useTranslation } from 'react-i18next';
import type { Section } from '@/features/auth/access';
import type { WaitingSection } from '../api/get-waiting';
import './waiting-badge.css';

/** The count of what waits in a section (transfers to decide, open messages, bonus requests); nothing at zero. */
export function WaitingBadge({ section, count }: { section: Section; count: number | undefined }) {
  const { t } = useTranslation('common');
  if (!count) return null;
  // Only a queue's section has a count (waitingBySection).
  const title = t(`waiting.${section as WaitingSection}`, { count });
  return (
    <span className="waiting-badge" data-testid={`waiting-${section}`} title={title}>
      {count}
    </span>
  );
}
