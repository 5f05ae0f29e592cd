import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import type { FieldErrors } from '@/lib/form';
import { useReplyToContact } from '../api/contact-messages';
import { checkReply } from '../utils/reply-text';

/**
 * A staff reply to a message, mailed to its address. Each reply carries a `replyId` drawn here: a
 * send of the same text again (after a refusal or a lost answer) reuses it, so the api records the
 * reply once; a reply that went through, or a draft changed since, gets a new one. A refused draft
 * stays in the box.
 */
export function ReplyForm({ messageId, email }: { messageId: string; email: string }) {
  const { t } = useTranslation('contact');
  const failure = useFailureText();
  const reply = useReplyToContact(messageId);
  const [draft, setDraft] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const lastSend = useRef<{ text: string; replyId: string } | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkReply(draft);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    const replyId = lastSend.current?.text === checked.text ? lastSend.current.replyId : globalThis.crypto.randomUUID();
    lastSend.current = { text: checked.text, replyId };
    reply.mutate(
      { replyId, text: checked.text },
      {
        onSuccess: () => {
          lastSend.current = null;
          setDraft('');
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="reply-form">
      <label>
        {t('reply')}
        <textarea name="text" rows={6} value={draft} onChange={(event) => setDraft(event.target.value)} data-testid="reply-text" />
        <FieldError errors={errors} name="text" />
      </label>
      <p className="muted small">{t('replyHint', { email })}</p>
      {reply.isError ? <Notice kind="error">{failure(reply.error)}</Notice> : null}
      {reply.isSuccess ? <Notice kind="success">{t('replySent')}</Notice> : null}
      <div className="actions">
        <button type="submit" className="button button--primary" data-testid="send-reply" disabled={reply.isPending}>
          {t('send')}
        </button>
      </div>
    </form>
  );
}
