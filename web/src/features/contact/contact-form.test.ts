import type { ContactTopic } from '@kupon/api/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CONTACT_TOPICS, type ContactForm, contactBody, contactProblems, EMPTY_CONTACT, playerName } from './contact-form';

const filled: ContactForm = { ...EMPTY_CONTACT, subject: 'Bonus', message: 'Bonusum ne zaman gelir?' };

describe('contact form rules (api contract contact.ts)', () => {
  it('offers every topic of the contract, and no other', () => {
    expectTypeOf<(typeof CONTACT_TOPICS)[number]>().toEqualTypeOf<ContactTopic>();
    expect(new Set(CONTACT_TOPICS).size).toBe(7);
  });

  it('a guest owes a name, an e-mail and the security code; a player may leave name and e-mail to the account', () => {
    expect(contactProblems(filled, { guest: true }).map((p) => [p.field, p.key, ...p.params])).toEqual([
      ['name', 'minLengthMaxLength', 'name', 2, 60],
      ['email', 'emailRequired'],
      ['captcha', 'isRequiredArea'],
    ]);
    expect(contactProblems(filled, { guest: false })).toEqual([]);
    expect(contactProblems({ ...filled, name: 'A', email: 'a@b' }, { guest: false }).map((p) => p.field)).toEqual(['name', 'email']);
  });

  it('holds the trimmed texts to the bounds the server gives in its refusals', () => {
    const problems = (form: Partial<ContactForm>) => contactProblems({ ...filled, name: 'Ayşe', email: 'a@b.co', ...form }, { guest: false }).map((p) => [p.key, ...p.params]);
    expect(problems({ subject: '  ab  ' })).toEqual([['minLengthMaxLength', 'subject', 3, 120]]);
    expect(problems({ subject: 'x'.repeat(121) })).toEqual([['minLengthMaxLength', 'subject', 3, 120]]);
    expect(problems({ message: `${'x'.repeat(2000)}   ` })).toEqual([]);
    expect(problems({ message: 'x'.repeat(2001) })).toEqual([['minLengthMaxLength', 'message', 10, 2000]]);
    expect(problems({ email: `${'a'.repeat(250)}@b.co` })).toEqual([['invalidField', 'email']]);
  });

  it("a player's empty name and e-mail are left out of what is sent, and so is a challenge they never get", () => {
    expect(contactBody({ ...filled, subject: ' Bonus ' }, { messageId: 'm1', lang: 'tr', captchaId: null })).toEqual({ messageId: 'm1', topic: 'general', subject: 'Bonus', message: 'Bonusum ne zaman gelir?', lang: 'tr' });
  });

  it("a player's form starts with their full name, or their username when that does not fit the name's bounds", () => {
    expect(playerName({ userName: 'ayse90', firstName: ' Ayşe ', lastName: 'Yılmaz' })).toBe('Ayşe Yılmaz');
    expect(playerName({ userName: 'ayse90', firstName: '', lastName: '' })).toBe('ayse90');
  });
});
