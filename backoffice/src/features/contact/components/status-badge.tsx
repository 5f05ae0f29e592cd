import type { ContactStatus } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOURS } from '../utils/contact-lists';

/** A message's status in the list and in the message, as the back office's other status badges are drawn. */
export function StatusBadge({ status, testId }: { status: ContactStatus; testId?: string }) {
  const { t } = useTranslation('contact');
  return (
    <span className={`status status--${STATUS_COLOURS[status]}`} data-testid={testId}>
      {t(`statuses.${status}`, { defaultValue: status })}
    </span>
  );
}
