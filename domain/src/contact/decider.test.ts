import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/testing/decider-spec';
import type { ContactCommand, SendContactMessage } from './commands';
import { contactDecider } from './decider';
import type { ContactEvent } from './events';

const AT = '2026-11-25T10:00:00.000Z';
const LATER = '2026-11-25T11:00:00.000Z';
const given = deciderSpec(contactDecider, undefined);

const send = (change: Partial<SendContactMessage> = {}): ContactCommand => ({
  type: 'SendContactMessage',
  siteId: 'kupon',
  messageId: 'm1',
  userId: null,
  userName: null,
  name: '  Ayşe Yılmaz ',
  email: ' Ayse@Example.com ',
  topic: 'payments',
  subject: ' Deposit not credited ',
  message: ' I paid 100 TL an hour ago and my balance did not change. ',
  lang: 'tr',
  ip: '10.0.0.7',
  now: AT,
  ...change,
});

const sent: ContactEvent = {
  type: 'ContactMessageSent',
  data: {
    siteId: 'kupon',
    messageId: 'm1',
    userId: null,
    userName: null,
    name: 'Ayşe Yılmaz',
    email: 'ayse@example.com',
    topic: 'payments',
    subject: 'Deposit not credited',
    message: 'I paid 100 TL an hour ago and my balance did not change.',
    lang: 'tr',
    ip: '10.0.0.7',
    at: AT,
  },
};

const staff = { siteId: 'kupon', messageId: 'm1', byUserId: 'op-1', byUserName: 'koperator', now: LATER };
const reply = (replyId: string, text = 'We have credited it, sorry for the wait.'): ContactCommand => ({ type: 'ReplyToContactMessage', ...staff, replyId, text });
const replied = (replyId: string, text = 'We have credited it, sorry for the wait.'): ContactEvent => ({
  type: 'ContactMessageReplied',
  data: { siteId: 'kupon', messageId: 'm1', replyId, byUserId: 'op-1', byUserName: 'koperator', text, at: LATER },
});
const close: ContactCommand = { type: 'CloseContactMessage', ...staff };
const closed: ContactEvent = { type: 'ContactMessageClosed', data: { siteId: 'kupon', messageId: 'm1', byUserId: 'op-1', byUserName: 'koperator', at: LATER } };

describe('sending a message', () => {
  it('records the message with its fields trimmed and the address in lower case; it is open', () => {
    const state = given([]).when(send()).then([sent]);
    expect(state.status).toBe('open');
  });

  it('records a logged-in player as its sender', () => {
    const mine = send({ userId: 'u1', userName: 'kplayer1' });
    const outcome = given([]).when(mine).outcome;
    expect(outcome).toEqual([{ type: 'ContactMessageSent', data: { ...sent.data, userId: 'u1', userName: 'kplayer1' } }]);
  });

  it('records nothing when the same message is sent again (later, from elsewhere); other words under its id are refused', () => {
    given([sent]).when(send({ now: LATER, ip: '10.0.0.8' })).then([]);
    given([sent]).when(send({ subject: 'Deposit still not credited' })).thenFails('contactMessageExists|m1');
    given([sent]).when(send({ userId: 'u1', userName: 'kplayer1' })).thenFails('contactMessageExists|m1');
  });

  it('refuses each field out of its rule, with the rule’s key, in the order the form shows them', () => {
    given([]).when(send({ name: ' A ' })).thenFails('minLengthMaxLength|name|2|60');
    given([]).when(send({ name: 'x'.repeat(61) })).thenFails('minLengthMaxLength|name|2|60');
    given([]).when(send({ name: 'A', email: '' })).thenFails('minLengthMaxLength|name|2|60');
    given([]).when(send({ email: '  ' })).thenFails('emailRequired');
    given([]).when(send({ email: 'ayse@example' })).thenFails('invalidField|email');
    given([]).when(send({ email: 'ayse example@mail.com' })).thenFails('invalidField|email');
    given([]).when(send({ topic: 'love-letter' })).thenFails('invalidField|topic');
    given([]).when(send({ subject: ' Hi ' })).thenFails('minLengthMaxLength|subject|3|120');
    given([]).when(send({ subject: 'x'.repeat(121) })).thenFails('minLengthMaxLength|subject|3|120');
    given([]).when(send({ message: ' too short ' })).thenFails('minLengthMaxLength|message|10|2000');
    given([]).when(send({ message: 'x'.repeat(2001) })).thenFails('minLengthMaxLength|message|10|2000');
    given([]).when(send({ lang: 'turkish' })).thenFails('invalidField|lang');
  });

  it('takes the limits inclusively', () => {
    const edge = send({ name: 'Al', subject: 'Hey', message: 'x'.repeat(10) });
    expect(given([]).when(edge).outcome).toHaveLength(1);
    const longest = send({ name: 'x'.repeat(60), subject: 'x'.repeat(120), message: 'x'.repeat(2000) });
    expect(given([]).when(longest).outcome).toHaveLength(1);
  });
});

describe('replying', () => {
  it('records a staff reply, trimmed; the message is answered; every reply is kept in order', () => {
    given([sent]).when(reply('r1', '  We have credited it, sorry for the wait.  ')).then([replied('r1')]);
    const state = given([sent, replied('r1')]).when(reply('r2', 'Anything else?')).then([replied('r2', 'Anything else?')]);
    expect(state.status).toBe('answered');
    expect(state.status !== 'none' && state.replies.map((r) => r.replyId)).toEqual(['r1', 'r2']);
  });

  it('records nothing when a reply is retried, even after the message was closed', () => {
    given([sent, replied('r1')]).when(reply('r1')).then([]);
    given([sent, replied('r1'), closed]).when(reply('r1')).then([]);
  });

  it('refuses a reply to a closed message, to one that does not exist or is of another site, and one out of 2–4000 characters', () => {
    given([sent, closed]).when(reply('r2')).thenFails('contactMessageClosed|m1');
    given([]).when(reply('r1')).thenFails('contactMessageNotFound|m1');
    given([sent]).when({ ...reply('r1'), siteId: 'bahis' } as ContactCommand).thenFails('contactMessageNotFound|m1');
    given([sent]).when(reply('r1', ' x ')).thenFails('minLengthMaxLength|reply|2|4000');
    given([sent]).when(reply('r1', 'x'.repeat(4001))).thenFails('minLengthMaxLength|reply|2|4000');
  });
});

describe('closing', () => {
  it('closes an open or answered message once; closing it again records nothing', () => {
    expect(given([sent]).when(close).then([closed]).status).toBe('closed');
    const state = given([sent, replied('r1')]).when(close).then([closed]);
    expect(state.status === 'closed' && state.closed).toEqual({ byUserId: 'op-1', byUserName: 'koperator', at: LATER });
    given([sent, closed]).when(close).then([]);
  });

  it('refuses to close a message that does not exist or is of another site', () => {
    given([]).when(close).thenFails('contactMessageNotFound|m1');
    given([sent]).when({ ...close, siteId: 'bahis' } as ContactCommand).thenFails('contactMessageNotFound|m1');
  });
});
