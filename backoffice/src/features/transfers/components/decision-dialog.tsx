import { RejectBody } from '@contract/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { Modal } from '@/components/modal';
import type { TransferView } from '@/lib/contract';
import { useFailureText } from '@/lib/error-text';
import { formatMoney } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { useDecideTransfer } from '../api/transfers';

/** Confirms an approval, or takes the reason of a rejection (required, as the api's `RejectBody` says). */
export function DecisionDialog({ transfer, approve, onClose }: { transfer: TransferView; approve: boolean; onClose: () => void }) {
  const { t } = useTranslation('transfers');
  const failure = useFailureText();
  const decide = useDecideTransfer();
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (approve) {
      decide.mutate({ transferId: transfer.transferId, approve: true }, { onSuccess: onClose });
      return;
    }
    const checked = validate(RejectBody, { reason: String(new FormData(event.currentTarget).get('reason') ?? '').trim() });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) decide.mutate({ transferId: transfer.transferId, approve: false, reason: checked.data.reason }, { onSuccess: onClose });
  };
  return (
    <Modal title={t(approve ? 'approveTitle' : 'rejectTitle')} onClose={onClose} testId="transfer-decision">
      <form className="form" onSubmit={submit} noValidate>
        <p>
          {t(`directions.${transfer.direction}` as never, { defaultValue: transfer.direction })} · <strong>{formatMoney(transfer.amount, transfer.currency)}</strong> · {transfer.provider}
        </p>
        {approve ? null : (
          <label>
            {t('reason')}
            <textarea name="reason" maxLength={300} rows={3} />
            <FieldError errors={errors} name="reason" />
          </label>
        )}
        {decide.isError ? <Notice kind="error">{failure(decide.error)}</Notice> : null}
        <button type="submit" className={approve ? 'button button--primary' : 'button button--danger'} disabled={decide.isPending}>
          {t(approve ? 'approve' : 'reject')}
        </button>
      </form>
    </Modal>
  );
}
