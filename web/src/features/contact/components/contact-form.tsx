import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useCaptcha } from '@/features/auth/api/account';
import { CaptchaField } from '@/features/auth/components/captcha-field';
import { isApiError, newRequestId } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useSendContactMessage } from '../api/contact';
import { CONTACT_LIMITS, CONTACT_TOPICS, type ContactField, type ContactForm as ContactFormValues, type ContactProblem, contactBody, contactProblems, EMPTY_CONTACT } from '../contact-form';

/** What the player typed; a null name or e-mail is untouched and shows the account's. */
type Typed = Omit<ContactFormValues, 'name' | 'email'> & { readonly name: string | null; readonly email: string | null };
const UNTOUCHED: Typed = { ...EMPTY_CONTACT, name: null, email: null };

/**
 * The contact form (spec §2; api contract `contact.ts`). `player` is the logged-in player's name and
 * e-mail as the form starts with them; null for a guest, who also answers the security code.
 * One message id per form: a send that failed is retried under the same id (the server stores one
 * message), a successful one starts a new form.
 */
export function ContactForm({ player }: { player: { readonly name: string; readonly email: string } | null }) {
  const { t } = useTranslation('contact');
  const errorText = useErrorText();
  const { lang = 'tr' } = useParams();
  const guest = player === null;
  const captcha = useCaptcha(guest);
  const send = useSendContactMessage();
  const [typed, setTyped] = useState<Typed>(UNTOUCHED);
  const [messageId, setMessageId] = useState(newRequestId);
  const [problems, setProblems] = useState<ContactProblem[]>([]);

  const form: ContactFormValues = { ...typed, name: typed.name ?? player?.name ?? '', email: typed.email ?? player?.email ?? '' };
  const set = (field: ContactField, value: string) => setTyped((before) => ({ ...before, [field]: value }));
  const problemOf = (field: ContactField) => {
    const problem = problems.find((p) => p.field === field);
    return problem ? errorText(problem.key, problem.params) : null;
  };
  // A challenge answers once, right or wrong: after each send the guest gets a new one to read.
  const newChallenge = () => {
    if (!guest) return;
    set('captcha', '');
    void captcha.refetch();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.reset();
    const found = contactProblems(form, { guest });
    setProblems(found);
    if (found.length) return;
    send.mutate(contactBody(form, { messageId, lang, captchaId: guest ? (captcha.data?.captchaId ?? '') : null }), {
      onSuccess: () => {
        setTyped(UNTOUCHED);
        setMessageId(newRequestId());
        newChallenge();
      },
      onError: (error) => {
        // The id already holds another text (an earlier send that got through unseen): this one goes as a new message.
        if (isApiError(error) && error.key === 'contactMessageExists') setMessageId(newRequestId());
        newChallenge();
      },
    });
  };

  const refusal = send.error ? (isApiError(send.error) ? errorText(send.error.key, send.error.params) : errorText('tecnicalProblemContent')) : null;
  const messageLength = form.message.trim().length;
  const text = (field: 'name' | 'email' | 'subject', type: 'text' | 'email', autoComplete?: string) => (
    <label>
      <span>
        {t(`fields.${field}`)}
        {!guest && field !== 'subject' && <span className="muted"> ({t('optional')})</span>}
      </span>
      <input name={field} type={type} value={form[field]} autoComplete={autoComplete} aria-invalid={problemOf(field) ? true : undefined} onChange={(e) => set(field, e.target.value)} />
      {problemOf(field) && <span className="field-error">{problemOf(field)}</span>}
    </label>
  );

  return (
    <form className="form contact-form" onSubmit={submit} noValidate data-testid="contact-form">
      {send.isSuccess && (
        <p className="notice notice--success" role="status" data-testid="contact-sent">
          {t('sent')}
        </p>
      )}
      {!guest && <p className="muted">{t('playerHint')}</p>}
      {text('name', 'text', 'name')}
      {text('email', 'email', 'email')}
      <label>
        {t('fields.topic')}
        <select name="topic" value={form.topic} aria-invalid={problemOf('topic') ? true : undefined} onChange={(e) => set('topic', e.target.value)}>
          {CONTACT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(`topics.${topic}`)}
            </option>
          ))}
        </select>
        {problemOf('topic') && <span className="field-error">{problemOf('topic')}</span>}
      </label>
      {text('subject', 'text')}
      <div className="contact-form__message">
        <label>
          {t('fields.message')}
          <textarea name="message" rows={8} value={form.message} aria-invalid={problemOf('message') ? true : undefined} aria-describedby="contact-message-counter" onChange={(e) => set('message', e.target.value)} />
        </label>
        <span id="contact-message-counter" className={messageLength > CONTACT_LIMITS.message[1] ? 'contact-form__counter field-error' : 'contact-form__counter muted'}>
          {t('counter', { used: messageLength, max: CONTACT_LIMITS.message[1] })}
        </span>
        {problemOf('message') && <span className="field-error">{problemOf('message')}</span>}
      </div>
      {guest && <CaptchaField captcha={captcha} value={form.captcha} onChange={(code) => set('captcha', code)} error={problemOf('captcha')} />}
      {refusal && (
        <p className="notice notice--error" role="alert" data-testid="contact-error">
          {refusal}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {t(send.isPending ? 'sending' : 'send')}
      </button>
    </form>
  );
}
