import { type ApiClient, openTestApi, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Summary {
  messageId: string;
  userName: string | null;
  name: string;
  email: string;
  topic: string;
  subject: string;
  status: string;
  replyCount: number;
}
interface Inbox {
  total: number;
  messages: Summary[];
}

/**
 * The contact form and the back office's inbox over HTTP (api/CONTACT.md): a guest writes with the
 * captcha, a player without it and finds the message and its replies under "my messages"; the operator
 * finds it in the inbox, answers (the answer is mailed), closes it; a retry stores once; nothing shows
 * on another brand; the regulator only reads; maintenance closes the form.
 */
for (const backend of testBackends) {
  describe(`the contact form and inbox over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: TestApi;
    let operator: ApiClient;
    /** kplayer1's session on kupon. */
    let player: string;
    /** The messages the tests below go on with. */
    let fromGuest: string;
    let fromPlayer: string;
    let fromComplainer: string;
    let mailFailures = 0;

    beforeAll(async () => {
      storage = await backend.open();
      // The mail port: the dev outbox, down for as many sends as `mailFailures` says.
      api = await openTestApi(storage, {
        mailer: {
          send: async (mail) => {
            if (mailFailures > 0) {
              mailFailures -= 1;
              throw new Error('the mail server is down');
            }
            await api.services.outbox.send(mail);
          },
        },
      });
      operator = await api.as('koperator');
      player = await api.logIn('kupon', 'kplayer1');
    });
    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    // Each send from an address of its own, so the form's login-like rate limit trips only the test about it.
    let sends = 0;
    const address = () => `10.9.${Math.floor(++sends / 250)}.${sends % 250}`;
    const send = (body: object, { session = null as string | null, site = 'kupon', remoteAddress = address() } = {}) =>
      api.app.inject({ method: 'POST', url: '/api/v1/contact', remoteAddress, headers: { 'x-site-id': site, ...(session ? { cookie: `kupon_sid=${session}` } : {}) }, payload: body });
    const mine = async (session: string) => {
      await api.caughtUp();
      const response = await api.app.inject({ method: 'GET', url: '/api/v1/contact/mine', headers: { 'x-site-id': 'kupon', cookie: `kupon_sid=${session}` } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().messages as { messageId: string; subject: string; status: string; replies: object[] }[];
    };
    const inbox = async (query = '', client = operator) => {
      await api.caughtUp();
      const response = await client('GET', `/staff/contact-messages${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Inbox;
    };
    /** A captcha answered as the person would read it off the image. */
    const captcha = async (site = 'kupon') => {
      const response = await api.app.inject({ method: 'GET', url: '/api/v1/captcha', headers: { 'x-site-id': site } });
      return { captchaId: response.json().captchaId as string, captchaCode: api.captchaTexts.at(-1)! };
    };
    const guestForm = (change: object = {}) => ({
      messageId: randomUUID(),
      name: ' Ayşe Yılmaz ',
      email: 'Ayse@Example.com',
      topic: 'payments',
      subject: 'Deposit not credited',
      message: 'I paid 100 TL an hour ago and my balance did not change.',
      ...change,
    });
    const refusal = async (answer: Promise<{ statusCode: number; json: () => unknown }>) => {
      const response = await answer;
      return [response.statusCode, response.json()];
    };

    it('a guest sends with the captcha; a bad field is refused before the captcha is spent, a wrong captcha stores nothing', async () => {
      const solved = await captcha();
      expect(await refusal(send({ ...guestForm({ name: 'A' }), ...solved }))).toEqual([400, { error: 'minLengthMaxLength|name|2|60' }]);
      expect(await refusal(send({ ...guestForm({ email: undefined }), ...solved }))).toEqual([400, { error: 'emailRequired' }]);
      expect(await refusal(send({ ...guestForm({ email: 'ayse@example' }), ...solved }))).toEqual([400, { error: 'invalidField|email' }]);
      expect(await refusal(send({ ...guestForm({ topic: 'gossip' }), ...solved }))).toEqual([400, { error: 'invalidField|topic' }]);
      expect(await refusal(send({ ...guestForm({ subject: 'Hi' }), ...solved }))).toEqual([400, { error: 'minLengthMaxLength|subject|3|120' }]);
      expect(await refusal(send({ ...guestForm({ message: 'Help me!' }), ...solved }))).toEqual([400, { error: 'minLengthMaxLength|message|10|2000' }]);
      // Far over the bound the wire schema refuses it, with the decider's key for one just over.
      expect(await refusal(send({ ...guestForm({ subject: 'x'.repeat(121) }), ...solved }))).toEqual([400, { error: 'minLengthMaxLength|subject|3|120' }]);
      expect(await refusal(send({ ...guestForm({ message: 'x'.repeat(20_000) }), ...solved }))).toEqual([400, { error: 'minLengthMaxLength|message|10|2000' }]);

      const events = await api.eventCount();
      const wrong = await captcha();
      expect(await refusal(send({ ...guestForm(), ...wrong, captchaCode: 'zzzzz' }))).toEqual([422, { error: 'securityCodeWrong' }]);
      expect(await refusal(send(guestForm()))).toEqual([422, { error: 'securityCodeWrong' }]);
      expect(await api.eventCount()).toBe(events);

      // The captcha the refused forms carried was not spent.
      const form = guestForm();
      const sent = await send({ ...form, ...solved });
      expect([sent.statusCode, sent.json()]).toEqual([200, { messageId: form.messageId, status: 'open' }]);
      fromGuest = form.messageId;
      // A retried send (its captcha spent by the first) is answered and stores nothing; other words under its id are refused.
      const stored = await api.eventCount();
      expect(await refusal(send({ ...form, ...solved }))).toEqual([200, { messageId: form.messageId, status: 'open' }]);
      expect(await refusal(send({ ...form, subject: 'Another thing' }))).toEqual([409, { error: `contactMessageExists|${form.messageId}` }]);
      expect(await api.eventCount()).toBe(stored);
    });

    it('is rate-limited per address as logins are', async () => {
      const from = '10.99.0.1';
      const answers: number[] = [];
      for (let i = 0; i < 11; i++) answers.push((await send(guestForm({ name: 'A' }), { remoteAddress: from })).statusCode);
      expect(answers.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(answers[10]).toBe(429);
    });

    it('a player sends without the captcha, known by their username and account e-mail, and finds it under my messages', async () => {
      api.clock.advance(60_000);
      const form = { messageId: randomUUID(), topic: 'account', subject: 'Change my phone number', message: 'Please change my phone number to the new one.' };
      const sent = await send(form, { session: player });
      expect([sent.statusCode, sent.json()]).toEqual([200, { messageId: form.messageId, status: 'open' }]);
      fromPlayer = form.messageId;
      // The player's retry (the stream is there: read and decided again) stores nothing; other words under its id are refused.
      const stored = await api.eventCount();
      expect(await refusal(send(form, { session: player }))).toEqual([200, { messageId: form.messageId, status: 'open' }]);
      expect(await refusal(send({ ...form, message: 'Something else entirely, please.' }, { session: player }))).toEqual([409, { error: `contactMessageExists|${form.messageId}` }]);
      expect(await api.eventCount()).toBe(stored);

      const messages = await mine(player);
      expect(messages).toEqual([{ messageId: form.messageId, topic: 'account', subject: 'Change my phone number', message: form.message, status: 'open', sentAt: api.clock.now().toISOString(), replies: [] }]);
      // Another player's messages are theirs only; a guest has none to list.
      expect(await mine(await api.logIn('kupon', 'kplayer2'))).toEqual([]);
      expect((await api.app.inject({ method: 'GET', url: '/api/v1/contact/mine', headers: { 'x-site-id': 'kupon' } })).json()).toEqual({ error: 'loginRequired' });
      // A terminal's account has no e-mail: it must type one.
      const terminal = await api.logIn('kupon', 'kterminal1');
      expect(await refusal(send({ ...form, messageId: randomUUID() }, { session: terminal }))).toEqual([400, { error: 'emailRequired' }]);
    });

    it('the operator finds the messages in the inbox, newest first, by status, topic and text, a page at a time with the total', async () => {
      api.clock.advance(60_000);
      const complaint = guestForm({ name: 'Mehmet Demir', email: 'mehmet@example.com', topic: 'complaint', subject: 'Coupon settled wrong', message: 'My coupon was settled as lost but the match ended 2-1.' });
      expect((await send({ ...complaint, ...(await captcha()) })).statusCode).toBe(200);
      fromComplainer = complaint.messageId;

      const all = await inbox();
      expect(all.total).toBe(3);
      expect(all.messages.map((m) => m.messageId)).toEqual([complaint.messageId, fromPlayer, fromGuest]);
      expect(all.messages[1]).toMatchObject({ userName: 'kplayer1', name: 'kplayer1', email: 'kplayer1@kupon.example', topic: 'account', status: 'open', replyCount: 0 });
      expect(all.messages[2]).toMatchObject({ userName: null, name: 'Ayşe Yılmaz', email: 'ayse@example.com', topic: 'payments', subject: 'Deposit not credited' });

      const ids = (page: Inbox) => [page.total, page.messages.map((m) => m.messageId)];
      expect(ids(await inbox('?topic=complaint'))).toEqual([1, [complaint.messageId]]);
      expect(ids(await inbox('?q=AYSE'))).toEqual([1, [fromGuest]]);
      expect(ids(await inbox('?q=KPlayer'))).toEqual([1, [fromPlayer]]);
      expect(ids(await inbox('?q=settled%20WRONG'))).toEqual([1, [complaint.messageId]]);
      expect(ids(await inbox('?q=%25'))).toEqual([0, []]);
      expect(ids(await inbox('?status=open&topic=payments'))).toEqual([1, [fromGuest]]);
      expect(ids(await inbox('?limit=2&offset=1'))).toEqual([3, [fromPlayer, fromGuest]]);
      expect(ids(await inbox('?limit=2&offset=10'))).toEqual([3, []]);
      expect((await operator('GET', '/staff/contact-messages?status=lost')).json()).toEqual({ error: 'invalidField|status' });

      const detail = await operator('GET', `/staff/contact-messages/${fromGuest}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json()).toMatchObject({ message: 'I paid 100 TL an hour ago and my balance did not change.', lang: 'tr', ip: expect.stringMatching(/^10\.9\./), replies: [], closedAt: null });
    });

    it('the operator answers: the player sees the reply, the mail goes to their address; a retried reply is stored and mailed once', async () => {
      api.clock.advance(60_000);
      const reply = { replyId: randomUUID(), text: 'We changed it; you will get a code by SMS.' };
      const answered = await operator('POST', `/staff/contact-messages/${fromPlayer}/replies`, reply);
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json()).toMatchObject({ status: 'answered', replyCount: 1, repliedAt: api.clock.now().toISOString(), replies: [{ ...reply, byUserName: 'koperator', at: api.clock.now().toISOString() }] });

      const stored = await api.eventCount();
      const again = await operator('POST', `/staff/contact-messages/${fromPlayer}/replies`, reply);
      expect([again.statusCode, again.json().replyCount]).toEqual([200, 1]);
      expect(await api.eventCount()).toBe(stored);

      const [message] = await mine(player);
      expect(message).toMatchObject({ messageId: fromPlayer, status: 'answered', replies: [{ replyId: reply.replyId, text: reply.text, at: api.clock.now().toISOString() }] });
      expect(message!.replies[0]).not.toHaveProperty('byUserName');
      expect((await inbox('?status=answered')).messages.map((m) => [m.messageId, m.replyCount])).toEqual([[fromPlayer, 1]]);

      const mails = await api.services.outbox.list('kupon', { to: 'kplayer1@kupon.example', kind: 'contactReply' });
      expect(mails.map((m) => [m.subject, m.text])).toEqual([['Re: Change my phone number', reply.text]]);

      expect(await refusal(operator('POST', `/staff/contact-messages/${fromPlayer}/replies`, { replyId: randomUUID(), text: ' k ' }))).toEqual([400, { error: 'minLengthMaxLength|reply|2|4000' }]);
      const nowhere = randomUUID();
      expect(await refusal(operator('POST', `/staff/contact-messages/${nowhere}/replies`, { replyId: randomUUID(), text: 'Hello there' }))).toEqual([404, { error: `contactMessageNotFound|${nowhere}` }]);
    });

    it('the operator closes a message once; a reply after closing is refused; the inbox shows who closed it', async () => {
      const closed = await operator('POST', `/staff/contact-messages/${fromGuest}/close`);
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json()).toMatchObject({ status: 'closed', closedByUserName: 'koperator', closedAt: api.clock.now().toISOString() });
      const stored = await api.eventCount();
      expect((await operator('POST', `/staff/contact-messages/${fromGuest}/close`)).json().status).toBe('closed');
      expect(await api.eventCount()).toBe(stored);

      expect(await refusal(operator('POST', `/staff/contact-messages/${fromGuest}/replies`, { replyId: randomUUID(), text: 'One more thing' }))).toEqual([409, { error: `contactMessageClosed|${fromGuest}` }]);
      await api.caughtUp();
      expect((await operator('GET', `/staff/contact-messages/${fromGuest}`)).json()).toMatchObject({ status: 'closed', closedByUserName: 'koperator', replyCount: 0 });
      expect((await inbox('?status=closed')).messages.map((m) => m.messageId)).toEqual([fromGuest]);
    });

    it('a site’s contactReply e-mail template writes the reply mail, in the sender’s language, with the message quoted', async () => {
      const admin = await api.as('kadmin');
      const saved = await admin('PUT', '/content-settings/mail-templates/contactReply', {
        subjects: { tr: '{{siteName}}: {{subject}}', en: '{{siteName}}: about {{subject}}' },
        bodies: { tr: 'Sayın {{name}},\n{{reply}}\n\n> {{message}}', en: 'Dear {{name}},\n{{reply}}' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await api.caughtUp();
      const reply = { replyId: randomUUID(), text: 'We checked the result and settled it again as won.' };
      expect((await operator('POST', `/staff/contact-messages/${fromComplainer}/replies`, reply)).statusCode).toBe(200);
      const mails = await api.services.outbox.list('kupon', { to: 'mehmet@example.com', kind: 'contactReply' });
      expect(mails.map((m) => [m.subject, m.text])).toEqual([
        ['Kupon: Coupon settled wrong', `Sayın Mehmet Demir,\n${reply.text}\n\n> My coupon was settled as lost but the match ended 2-1.`],
      ]);
    });

    it('another brand’s staff neither see nor answer it; the regulator reads but cannot answer; players and guests are kept out', async () => {
      const badmin = await api.as('badmin', 'bahis');
      expect(await inbox('', badmin)).toEqual({ total: 0, messages: [] });
      expect(await refusal(badmin('GET', `/staff/contact-messages/${fromPlayer}`))).toEqual([404, { error: `contactMessageNotFound|${fromPlayer}` }]);
      expect(await refusal(badmin('POST', `/staff/contact-messages/${fromPlayer}/replies`, { replyId: randomUUID(), text: 'Not my brand' }))).toEqual([404, { error: `contactMessageNotFound|${fromPlayer}` }]);
      expect(await refusal(badmin('POST', `/staff/contact-messages/${fromPlayer}/close`))).toEqual([404, { error: `contactMessageNotFound|${fromPlayer}` }]);

      const regulator = await api.as('kregulator');
      expect((await inbox('', regulator)).total).toBe(3);
      expect((await regulator('GET', `/staff/contact-messages/${fromPlayer}`)).statusCode).toBe(200);
      expect(await refusal(regulator('POST', `/staff/contact-messages/${fromPlayer}/replies`, { replyId: randomUUID(), text: 'Regulator here' }))).toEqual([403, { error: 'readOnlyRole' }]);
      expect(await refusal(regulator('POST', `/staff/contact-messages/${fromPlayer}/close`))).toEqual([403, { error: 'readOnlyRole' }]);
      // The event log places a message's stream on its site, a guest's untouched one too (no actor of the site wrote it); another brand does not see it.
      const logged = async (client: ApiClient) => {
        const response = await client('GET', '/events?category=contact&limit=500');
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as { entries: { streamName: string; type: string }[] }).entries.map((e) => `${e.streamName} ${e.type}`);
      };
      expect(await logged(regulator)).toEqual(
        expect.arrayContaining([`contact-${fromComplainer} ContactMessageSent`, `contact-${fromGuest} ContactMessageSent`, `contact-${fromGuest} ContactMessageClosed`, `contact-${fromPlayer} ContactMessageReplied`]),
      );
      expect(await logged(badmin)).toEqual([]);

      const asPlayer = await api.as('kplayer1');
      expect(await refusal(asPlayer('GET', '/staff/contact-messages'))).toEqual([403, { error: 'permissionDenied|player' }]);
      expect((await api.app.inject({ method: 'GET', url: '/api/v1/staff/contact-messages', headers: { 'x-site-id': 'kupon' } })).statusCode).toBe(401);
    });

    it('maintenance closes the form to players and guests; the inbox keeps working', async () => {
      const admin = await api.as('kadmin');
      const turn = async (maintenance: boolean) => expect((await admin('PATCH', '/sites/current/settings', { maintenance })).statusCode).toBe(200);
      await turn(true);
      try {
        const events = await api.eventCount();
        const form = { messageId: randomUUID(), topic: 'technical', subject: 'Site is down', message: 'I cannot reach the site since the morning.' };
        expect(await refusal(send(form, { session: player }))).toEqual([503, { error: 'maintenance' }]);
        expect(await refusal(send({ ...guestForm(), ...(await captcha()) }))).toEqual([503, { error: 'maintenance' }]);
        expect(await api.eventCount()).toBe(events);
        expect((await inbox()).total).toBe(3);
      } finally {
        await turn(false);
      }
    });

    it('a reply whose mail failed is recorded; the back office’s retry mails it, and a retry after that mails nothing more', async () => {
      const form = guestForm({ email: 'zeynep@example.com', subject: 'Withdrawal pending' });
      expect((await send({ ...form, ...(await captcha()) })).statusCode).toBe(200);
      const reply = { replyId: randomUUID(), text: 'Your withdrawal is paid now.' };
      const mails = () => api.services.outbox.list('kupon', { to: 'zeynep@example.com', kind: 'contactReply' });
      mailFailures = 1;
      const failed = await operator('POST', `/staff/contact-messages/${form.messageId}/replies`, reply);
      expect(failed.statusCode).toBe(500);
      expect(await mails()).toEqual([]);
      const stored = await api.eventCount();
      const retried = await operator('POST', `/staff/contact-messages/${form.messageId}/replies`, reply);
      expect([retried.statusCode, retried.json().replyCount]).toEqual([200, 1]);
      // One mail, written from the site's template the test above set.
      const [mailed, ...more] = await mails();
      expect([mailed?.text, more]).toEqual([expect.stringContaining(reply.text), []]);
      expect((await operator('POST', `/staff/contact-messages/${form.messageId}/replies`, reply)).statusCode).toBe(200);
      expect((await mails()).map((m) => m.id)).toEqual([mailed!.id]);
      expect(await api.eventCount()).toBe(stored);
    });
  });
}
