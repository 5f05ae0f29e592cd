import type { MyContactMessage } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { renderPage } from '@/testing/render';
import ContactPage from './contact-page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const player = { userId: 'u1', userName: 'ayse90', firstName: 'Ayşe', lastName: 'Yılmaz', currency: 'TRY', lang: 'tr', status: 'active', products: {}, onlineUser: 1, limits: {} };

const answered: MyContactMessage = {
  messageId: '00000000-0000-4000-8000-00000000000a',
  topic: 'payments',
  subject: 'Para çekme gecikti',
  message: 'Dünkü çekim talebim hâlâ bekliyor.',
  status: 'answered',
  sentAt: '2026-11-24T09:15:00.000Z',
  replies: [{ replyId: '00000000-0000-4000-8000-00000000000b', text: 'Talebiniz onaylandı, bugün hesabınızda.', at: '2026-11-24T11:40:00.000Z' }],
};
const waiting: MyContactMessage = { ...answered, messageId: '00000000-0000-4000-8000-00000000000c', topic: 'technical', subject: 'Canlı maç açılmıyor', message: 'Canlı bahis sayfası boş geliyor.', status: 'open', sentAt: '2026-11-25T08:00:00.000Z', replies: [] };

type Send = { status: number; body: unknown } | 'offline';

/**
 * The api as the contact page calls it: `me` null is a guest; each send takes the next of `sends`
 * (a 200 once they run out, as the api answers); every captcha asked is a new challenge. Records the sends and challenges.
 */
function serve({ me = null, sends = [], mine = [] }: { me?: object | null; sends?: Send[]; mine?: MyContactMessage[] } = {}) {
  const sent: Record<string, unknown>[] = [];
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kupon.example');
      const method = init?.method ?? 'GET';
      asked.push(`${method} ${url.pathname}`);
      if (url.pathname === '/api/v1/me') return me ? Response.json(me) : Response.json({ error: 'loginRequired' }, { status: 401 });
      if (url.pathname === '/api/v1/wallet') return Response.json({ accountId: 'u1', currency: 'TRY', balance: 0, creditLimit: 0, held: 0, available: 0 });
      if (url.pathname === '/api/v1/me/profile') return Response.json({ firstName: 'Ayşe', lastName: 'Yılmaz', email: 'ayse@example.com', sex: 'f', address: '', city: '', countryId: 'TR', postCode: '', autoprint: null, birthDate: '', mobile: null, currency: 'TRY' });
      if (url.pathname === '/api/v1/captcha') {
        const n = asked.filter((a) => a === 'GET /api/v1/captcha').length;
        return Response.json({ captchaId: `captcha-${n}`, svg: `<svg xmlns="http://www.w3.org/2000/svg" data-n="${n}"/>`, expiresAt: '2030-01-01T00:00:00Z' });
      }
      if (url.pathname === '/api/v1/contact' && method === 'POST') {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        sent.push(body);
        const answer = sends.shift() ?? { status: 200, body: { messageId: body.messageId, status: 'open' } };
        if (answer === 'offline') throw new TypeError('Failed to fetch');
        return Response.json(answer.body, { status: answer.status });
      }
      if (url.pathname === '/api/v1/contact/mine' && me) return Response.json({ messages: mine });
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
  return { sent, captchas: () => asked.filter((a) => a === 'GET /api/v1/captcha').length, asked };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = (name: RegExp) => screen.getByLabelText<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(name);
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

async function openAsGuest() {
  await renderPage(<ContactPage />, { language: 'en' });
  await screen.findByTestId('captcha-image');
}

function fillAsGuest() {
  type(/Full name/, 'Ayşe Yılmaz');
  type(/E-mail/, 'ayse@example.com');
  fireEvent.change(field(/Topic/), { target: { value: 'account' } });
  type(/Subject/, 'Şifremi unuttum');
  type(/Your message/, 'Hesabıma giriş yapamıyorum, yardım eder misiniz?');
  type(/Security code/, 'x7k2');
}

describe('contact page (spec §2 contact form)', () => {
  it('a guest fills the form and sends it: the message goes with the security code and a message id; the form starts over', async () => {
    const { sent, captchas, asked } = serve();
    await openAsGuest();
    fillAsGuest();
    send();
    expect(await screen.findByText('Your message was received. Our support team will answer you by e-mail as soon as possible.')).toBeTruthy();
    expect(sent).toEqual([
      {
        messageId: expect.stringMatching(UUID),
        name: 'Ayşe Yılmaz',
        email: 'ayse@example.com',
        topic: 'account',
        subject: 'Şifremi unuttum',
        message: 'Hesabıma giriş yapamıyorum, yardım eder misiniz?',
        lang: 'en',
        captchaId: 'captcha-1',
        captchaCode: 'x7k2',
      },
    ]);
    // A blank form under a new challenge.
    for (const name of [/Full name/, /E-mail/, /Subject/, /Your message/, /Security code/]) expect(field(name).value).toBe('');
    expect(field(/Topic/).value).toBe('general');
    await waitFor(() => expect(captchas()).toBe(2));
    // A guest has no messages of their own to see.
    expect(screen.queryByRole('heading', { name: 'My messages' })).toBeNull();
    expect(asked).not.toContain('GET /api/v1/contact/mine');
  });

  it('counts the message against its 2000 characters and shows what is wrong before sending anything', async () => {
    const { sent } = serve();
    await openAsGuest();
    fillAsGuest();
    type(/E-mail/, 'ayse@example');
    type(/Your message/, 'x'.repeat(2001));
    expect(screen.getByText('2001 / 2000 characters')).toBeTruthy();
    type(/Security code/, '');
    send();
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('Must be between 10 and 2000 characters.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('a refusal of the server is shown in the page language and the form keeps everything typed but the spent code', async () => {
    const { sent, captchas } = serve({ sends: [{ status: 422, body: { error: 'securityCodeWrong' } }] });
    await openAsGuest();
    fillAsGuest();
    send();
    expect((await screen.findByRole('alert')).textContent).toBe('The security code is wrong.');
    expect(sent).toHaveLength(1);
    expect(field(/Full name/).value).toBe('Ayşe Yılmaz');
    expect(field(/E-mail/).value).toBe('ayse@example.com');
    expect(field(/Topic/).value).toBe('account');
    expect(field(/Subject/).value).toBe('Şifremi unuttum');
    expect(field(/Your message/).value).toBe('Hesabıma giriş yapamıyorum, yardım eder misiniz?');
    // The challenge answers once: a new one to read, its field empty.
    expect(field(/Security code/).value).toBe('');
    await waitFor(() => expect(captchas()).toBe(2));
  });

  it('a send retried after it failed goes under the same message id; the next form gets a new one', async () => {
    const { sent } = serve({ sends: ['offline'] });
    await openAsGuest();
    fillAsGuest();
    send();
    expect((await screen.findByRole('alert')).textContent).toBe('Cannot connect to the server, refresh the page.');
    await waitFor(() => expect(screen.getByTestId('captcha-image').getAttribute('src')).toContain('data-n%3D%222%22'));
    type(/Security code/, 'p9m4');
    send();
    await screen.findByTestId('contact-sent');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ messageId: sent[0]!.messageId, captchaId: 'captcha-2', captchaCode: 'p9m4' });
    await waitFor(() => expect(screen.getByTestId('captcha-image').getAttribute('src')).toContain('data-n%3D%223%22'));
    fillAsGuest();
    send();
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.messageId).toEqual(expect.stringMatching(UUID));
    expect(sent[2]!.messageId).not.toBe(sent[0]!.messageId);
  });

  it('a logged-in player writes without a security code, under their own name and e-mail, and sees their messages with the replies', async () => {
    const { sent, captchas } = serve({ me: player, mine: [waiting, answered] });
    await renderPage(<ContactPage />, { language: 'en' });
    const messages = await screen.findAllByTestId('contact-message');
    expect(screen.getByRole('heading', { name: 'My messages' })).toBeTruthy();
    expect(screen.queryByLabelText(/Security code/)).toBeNull();
    expect(field(/Full name/).value).toBe('Ayşe Yılmaz');
    await waitFor(() => expect(field(/E-mail/).value).toBe('ayse@example.com'));

    const [first, second] = messages;
    expect(within(first!).getByText('Canlı maç açılmıyor')).toBeTruthy();
    expect(within(first!).getByText('Awaiting reply')).toBeTruthy();
    expect(first!.textContent).toContain('Technical problem');
    expect(first!.textContent).toContain(formatDateTime(waiting.sentAt));
    expect(within(first!).queryByText('Reply from support', { exact: false })).toBeNull();
    expect(within(second!).getByText('Para çekme gecikti')).toBeTruthy();
    expect(within(second!).getByText('Answered')).toBeTruthy();
    expect(second!.textContent).toContain('Deposits and withdrawals');
    expect(within(second!).getByText('Dünkü çekim talebim hâlâ bekliyor.')).toBeTruthy();
    expect(within(second!).getByText('Talebiniz onaylandı, bugün hesabınızda.')).toBeTruthy();
    expect(second!.textContent).toContain(`Reply from support · ${formatDateTime('2026-11-24T11:40:00.000Z')}`);

    type(/Subject/, 'Bonus sorusu');
    type(/Your message/, 'Hoş geldin bonusu hesabıma ne zaman geçer?');
    send();
    await screen.findByTestId('contact-sent');
    expect(sent).toEqual([{ messageId: expect.stringMatching(UUID), name: 'Ayşe Yılmaz', email: 'ayse@example.com', topic: 'general', subject: 'Bonus sorusu', message: 'Hoş geldin bonusu hesabıma ne zaman geçer?', lang: 'en' }]);
    expect(captchas()).toBe(0);
    // At the top of the list at once, though the api's list (a read model a moment behind) does not hold it yet.
    await waitFor(() => expect(screen.getAllByTestId('contact-message')).toHaveLength(3));
    const [latest] = screen.getAllByTestId('contact-message');
    expect(within(latest!).getByText('Bonus sorusu')).toBeTruthy();
    expect(within(latest!).getByText('Awaiting reply')).toBeTruthy();
  });

  it('reads in Turkish, and a player without messages is told so', async () => {
    serve({ me: player });
    await renderPage(<ContactPage />);
    expect(await screen.findByText('Henüz bir mesaj göndermediniz.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bize ulaşın' })).toBeTruthy();
    expect([...(field(/Konu/) as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Genel', 'Hesabım', 'Para yatırma ve çekme', 'Bahisler', 'Casino', 'Teknik sorun', 'Resmî şikâyet']);
    expect(screen.getByRole('button', { name: 'Gönder' })).toBeTruthy();
  });
});
