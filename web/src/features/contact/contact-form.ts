import type { ContactBody } from '@kupon/api/contract';
import { CONTACT_EMAIL_MAX, CONTACT_LIMITS, CONTACT_TOPICS, type ContactTopic, isEmailAddress } from '@kupon/domain';

/**
 * The contact form (api contract `contact.ts`) as the player types it, and its rules: the limits
 * the server applies, with its refusal keys, so a field that breaks one never reaches it.
 */
export interface ContactForm {
  readonly name: string;
  readonly email: string;
  readonly topic: ContactTopic;
  readonly subject: string;
  readonly message: string;
  /** The typed security code (guests only). */
  readonly captcha: string;
}

export type ContactField = keyof ContactForm;

/** The topics in the order the select offers them, the bounds and the e-mail rule: the domain's, which the api decides by. */
export { CONTACT_LIMITS, CONTACT_TOPICS };

export const EMPTY_CONTACT: ContactForm = { name: '', email: '', topic: 'general', subject: '', message: '', captcha: '' };

/** A broken rule: the field and the refusal key the server would give (spec §8 `key|param`). */
export interface ContactProblem {
  readonly field: ContactField;
  readonly key: string;
  readonly params: readonly (string | number)[];
}

function lengthProblem(form: ContactForm, field: 'name' | 'subject' | 'message'): ContactProblem | null {
  const [min, max] = CONTACT_LIMITS[field];
  const length = form[field].trim().length;
  return length < min || length > max ? { field, key: 'minLengthMaxLength', params: [field, min, max] } : null;
}

/**
 * Every broken rule, in form order. A guest gives a name, an e-mail and the security code; a player
 * may leave name and e-mail empty (the server takes the username and the account's e-mail), but
 * what they type is held to the same rules.
 */
export function contactProblems(form: ContactForm, { guest }: { guest: boolean }): ContactProblem[] {
  const problems: (ContactProblem | null)[] = [];
  if (guest || form.name.trim()) problems.push(lengthProblem(form, 'name'));
  const email = form.email.trim();
  if (email.length > CONTACT_EMAIL_MAX) problems.push({ field: 'email', key: 'invalidField', params: ['email'] });
  else if ((guest || email) && !isEmailAddress(email)) problems.push({ field: 'email', key: 'emailRequired', params: [] });
  if (!(CONTACT_TOPICS as readonly string[]).includes(form.topic)) problems.push({ field: 'topic', key: 'invalidField', params: ['topic'] });
  problems.push(lengthProblem(form, 'subject'), lengthProblem(form, 'message'));
  if (guest && !form.captcha.trim()) problems.push({ field: 'captcha', key: 'isRequiredArea', params: [] });
  return problems.filter((p) => p !== null);
}

/** What `POST /contact` carries: trimmed texts; a player's empty name and e-mail left out; the challenge for a guest. */
export function contactBody(form: ContactForm, { messageId, lang, captchaId }: { messageId: string; lang: string; captchaId: string | null }): ContactBody {
  const name = form.name.trim();
  const email = form.email.trim();
  return {
    messageId,
    ...(name ? { name } : {}),
    ...(email ? { email } : {}),
    topic: form.topic,
    subject: form.subject.trim(),
    message: form.message.trim(),
    lang,
    ...(captchaId !== null ? { captchaId, captchaCode: form.captcha.trim() } : {}),
  };
}

/** The name a player's form starts with: their full name when it fits the rule, else their username. */
export function playerName(player: { readonly userName: string; readonly firstName: string; readonly lastName: string }): string {
  const full = `${player.firstName} ${player.lastName}`.trim().replace(/\s+/g, ' ');
  return full.length >= CONTACT_LIMITS.name[0] && full.length <= CONTACT_LIMITS.name[1] ? full : player.userName;
}
