import { CONTACT_LIMITS } from '@kupon/domain';
import type { FieldErrors } from '@/lib/form';
import { parseErrorText } from '@/lib/api-client';

/** The api's refusal of a reply's length (the domain's bound), named before any request goes. */
const [min, max] = CONTACT_LIMITS.reply;
export const REPLY_LENGTH = { min, max, refusal: `minLengthMaxLength|reply|${min}|${max}` } as const;

export type CheckedReply = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly errors: FieldErrors };

/** A reply as it is sent (without the blanks around it), or the refusal under the `text` field. */
export function checkReply(draft: string): CheckedReply {
  const text = draft.trim();
  if (text.length >= REPLY_LENGTH.min && text.length <= REPLY_LENGTH.max) return { ok: true, text };
  return { ok: false, errors: { text: parseErrorText(REPLY_LENGTH.refusal) } };
}
