import { describe, expect, it } from 'vitest';
import { checkReply } from './reply-text';

describe('a reply to a contact message', () => {
  it('is sent without the blanks around it, from 2 to 4000 characters', () => {
    expect(checkReply('  Tamam  ')).toEqual({ ok: true, text: 'Tamam' });
    expect(checkReply('ok')).toEqual({ ok: true, text: 'ok' });
    expect(checkReply('a'.repeat(4000))).toEqual({ ok: true, text: 'a'.repeat(4000) });
  });

  it('is refused with the api’s own key when shorter or longer', () => {
    const refusal = { ok: false, errors: { text: { key: 'minLengthMaxLength', params: ['reply', '2', '4000'] } } };
    expect(checkReply(' a ')).toEqual(refusal);
    expect(checkReply('')).toEqual(refusal);
    expect(checkReply('a'.repeat(4001))).toEqual(refusal);
  });
});
