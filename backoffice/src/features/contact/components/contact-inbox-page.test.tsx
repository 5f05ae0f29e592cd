import type { ContactInbox, StaffContactMessage } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import ContactInboxPage from './contact-inbox-page';

const OPERATOR = { userId: '00000000-0000-4000-8000-0000000000a2', userName: 'koperator', firstName: 'Op', lastName: 'Erator', role: 'operator', siteId: 'kupon', permissions: [] };
const REGULATOR = { ...OPERATOR, userId: '00000000-0000-4000-8000-0000000000a3', userName: 'kregulator', role: 'regulator' };

const renderPage = (me: object, language: 'tr' | 'en' = 'en', path = '/contact') => renderWithProviders(<ContactInboxPage />, { language, me, path });

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, 0) - minutesAgo * 60_000).toISOString();

const message = (n: number, overrides: Partial<StaffContactMessage> = {}): StaffContactMessage => ({
  messageId: id(n),
  userId: null,
  userName: null,
  name: `Misafir ${n}`,
  email: `guest${n}@kupon.example`,
  topic: 'general',
  subject: `Soru ${n}`,
  status: 'open',
  sentAt: at(n),
  repliedAt: null,
  replyCount: 0,
  message: `Merhaba, soru ${n}.`,
  lang: 'tr',
  ip: '203.0.113.7',
  replies: [],
  closedAt: null,
  closedByUserName: null,
  ...overrides,
});

const summary = ({ message: _text, lang: _lang, ip: _ip, replies: _replies, closedAt: _closedAt, closedByUserName: _by, ...row }: StaffContactMessage) => row;

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

/**
 * The contact inbox routes as the api answers them, over messages kept here: the list filtered by
 * status, topic and q and paged, the message, a reply (once per replyId) and a close. `refuse`
 * answers every change with that refusal.
 */
function serveInbox(initial: StaffContactMessage[], refuse?: { status: number; error: string }) {
  const messages = new Map(initial.map((m) => [m.messageId, m]));
  const lists: URL[] = [];
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://backoffice.example');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const answer = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/v1/staff/contact-messages' && method === 'GET') {
        lists.push(url);
        const { status, topic, q } = Object.fromEntries(url.searchParams);
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 50);
        const needle = q?.toLowerCase();
        const matching = [...messages.values()]
          .filter((m) => (!status || m.status === status) && (!topic || m.topic === topic))
          .filter((m) => !needle || [m.name, m.email, m.userName ?? '', m.subject].some((text) => text.toLowerCase().includes(needle)))
          .sort((a, b) => b.sentAt.localeCompare(a.sentAt));
        return answer(200, { total: matching.length, messages: matching.slice(offset, offset + limit).map(summary) } satisfies ContactInbox);
      }
      const [, messageId = '', action] = /^\/api\/v1\/staff\/contact-messages\/([^/]+)(?:\/(replies|close))?$/.exec(url.pathname) ?? [];
      const found = messages.get(messageId);
      if (!found) return answer(404, { error: `contactMessageNotFound|${messageId}` });
      if (method === 'GET' && !action) return answer(200, found);
      sent.push({ method, path: url.pathname, body });
      if (refuse) return answer(refuse.status, { error: refuse.error });
      let next = found;
      if (action === 'replies' && !found.replies.some((r) => r.replyId === body.replyId)) {
        const reply = { replyId: body.replyId, text: body.text, at: at(-1), byUserId: OPERATOR.userId, byUserName: OPERATOR.userName };
        next = { ...found, status: 'answered', replies: [...found.replies, reply], replyCount: found.replyCount + 1, repliedAt: reply.at };
      }
      if (action === 'close' && found.status !== 'closed') next = { ...found, status: 'closed', closedAt: at(-2), closedByUserName: OPERATOR.userName };
      messages.set(messageId, next);
      return answer(200, next);
    }),
  );
  return { lists, sent };
}

afterEach(() => vi.unstubAllGlobals());

const rows = () => screen.queryAllByTestId('contact-row');
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function openFirst() {
  await waitFor(() => expect(rows().length).toBeGreaterThan(0));
  fireEvent.click(rows()[0]!);
  const dialog = await screen.findByTestId('contact-message');
  await within(dialog).findByTestId('contact-fields');
  return dialog;
}

describe('the contact inbox in the back office', () => {
  it('lists the open messages newest first with the total, and asks the server with the status, topic and search chosen', async () => {
    const { lists } = serveInbox([
      message(1),
      message(2, { userId: 'u7', userName: 'ayse7', name: 'Ayşe', email: 'ayse@kupon.example', topic: 'payments', subject: 'Para çekme', status: 'answered', replyCount: 2, repliedAt: at(-5) }),
      message(3, { topic: 'complaint', subject: 'Şikâyetim var' }),
      message(4, { topic: 'payments', subject: 'Yatırım', status: 'closed' }),
    ]);
    await renderPage(OPERATOR);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sent', 'Name', 'Username', 'E-mail', 'Topic', 'Subject', 'Status', 'Replies', 'Last reply']);
    const first = cellsOf(rows()[0]!);
    expect(first[0]).toMatch(/^22\/11\/2026 \d\d:59$/);
    expect(first.slice(1)).toEqual(['Misafir 1', 'Guest', 'guest1@kupon.example', 'General', 'Soru 1', 'Open', '0', '']);
    expect(cellsOf(rows()[1]!)[5]).toBe('Şikâyetim var');
    expect(screen.getByTestId('contact-total').textContent).toBe('Total: 2');
    expect(lists.at(-1)!.searchParams.get('status')).toBe('open');

    const filters = screen.getByTestId('contact-search');
    fireEvent.change(within(filters).getByLabelText('Status'), { target: { value: 'all' } });
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(lists.at(-1)!.searchParams.has('status')).toBe(false);
    expect(screen.getByTestId('contact-total').textContent).toBe('Total: 4');

    fireEvent.change(within(filters).getByLabelText('Topic'), { target: { value: 'payments' } });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(within(filters).getByLabelText('Sender or subject'), { target: { value: '  AYŞE ' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(cellsOf(rows()[0]!).slice(1, 9)).toEqual(['Ayşe', 'ayse7', 'ayse@kupon.example', 'Payments', 'Para çekme', 'Answered', '2', expect.stringMatching(/^22\/11\/2026 \d\d:05$/)]);
    const asked = lists.at(-1)!.searchParams;
    expect([asked.get('status'), asked.get('topic'), asked.get('q'), asked.get('offset'), asked.get('limit')]).toEqual([null, 'payments', 'AYŞE', '0', '25']);
    expect(screen.getByTestId('contact-total').textContent).toBe('Total: 1');
  });

  it('pages on the server, with the total in the pager', async () => {
    const { lists } = serveInbox(Array.from({ length: 30 }, (_, i) => message(i + 1)));
    await renderPage(OPERATOR, 'tr');
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.getByTestId('contact-total').textContent).toBe('Toplam: 30');
    expect(screen.getByTestId('pager-range').textContent).toBe('1–25 / 30');
    fireEvent.click(screen.getByRole('button', { name: 'Sonraki' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(cellsOf(rows()[0]!)[1]).toBe('Misafir 26');
    expect(lists.at(-1)!.searchParams.get('offset')).toBe('25');
  });

  it('opens a message with where it came from, its text as text and every reply with who and when', async () => {
    serveInbox([
      message(1, {
        userId: 'u7',
        userName: 'ayse7',
        topic: 'complaint',
        message: 'Kuponum <b id="injected">kayboldu</b>\n<script>window.__owned = true</script>',
        status: 'answered',
        replyCount: 2,
        repliedAt: at(-3),
        replies: [
          { replyId: id(901), text: 'İnceliyoruz.', at: at(-2), byUserId: 'a1', byUserName: 'kadmin' },
          { replyId: id(902), text: 'Kuponunuz bulundu.\nİyi şanslar.', at: at(-3), byUserId: 'a2', byUserName: 'koperator' },
        ],
      }),
    ]);
    await renderPage(OPERATOR, 'tr', '/contact?status=all');
    const dialog = await openFirst();
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Soru 1');
    expect(within(dialog).getByTestId('contact-user').textContent).toBe('ayse7');
    expect(within(dialog).getByTestId('contact-email').textContent).toBe('guest1@kupon.example');
    expect(within(dialog).getByTestId('contact-topic').textContent).toBe('Şikâyet');
    expect(within(dialog).getByTestId('contact-status').textContent).toBe('Yanıtlandı');
    expect(within(dialog).getByTestId('contact-ip').textContent).toBe('203.0.113.7');
    expect(within(dialog).getByTestId('contact-lang').textContent).toBe('tr');
    expect(within(dialog).getByTestId('contact-sent-at').textContent).toMatch(/^22\/11\/2026 \d\d:59:00$/);
    expect(within(dialog).getByTestId('contact-text').textContent).toBe('Kuponum <b id="injected">kayboldu</b>\n<script>window.__owned = true</script>');
    expect(document.getElementById('injected')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    const replies = within(dialog).getAllByTestId('contact-reply');
    expect(replies.map((r) => r.lastElementChild!.textContent)).toEqual(['İnceliyoruz.', 'Kuponunuz bulundu.\nİyi şanslar.']);
    expect(within(replies[1]!).getByTestId('contact-reply-by').textContent).toMatch(/^koperator · 22\/11\/2026 \d\d:03$/);
  });

  it('the operator replies: the text goes with a fresh uuid replyId, the message and its row in the list show the answer, the box empties', async () => {
    const { sent, lists } = serveInbox([message(1)]);
    await renderPage(OPERATOR);
    const dialog = await openFirst();
    expect(within(dialog).getByText('No replies yet.')).toBeTruthy();
    const listsBefore = lists.length;
    fireEvent.change(within(dialog).getByLabelText('Your reply'), { target: { value: '  Hesabınız açıldı.  ' } });
    fireEvent.click(within(dialog).getByTestId('send-reply'));
    await waitFor(() => expect(within(dialog).getAllByTestId('contact-reply')).toHaveLength(1));
    expect(sent).toEqual([{ method: 'POST', path: `/api/v1/staff/contact-messages/${id(1)}/replies`, body: { replyId: expect.stringMatching(UUID), text: 'Hesabınız açıldı.' } }]);
    expect(within(dialog).getByTestId('contact-status').textContent).toBe('Answered');
    expect(within(dialog).getByTestId('contact-reply-by').textContent).toMatch(/^koperator · /);
    expect(within(dialog).getByRole('status').textContent).toBe('Reply sent.');
    expect((within(dialog).getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe('');

    fireEvent.change(within(dialog).getByLabelText('Your reply'), { target: { value: 'Another one' } });
    fireEvent.click(within(dialog).getByTestId('send-reply'));
    await waitFor(() => expect(within(dialog).getAllByTestId('contact-reply')).toHaveLength(2));
    const [firstId, secondId] = sent.map((s) => (s.body as { replyId: string }).replyId);
    expect(secondId).toMatch(UUID);
    expect(secondId).not.toBe(firstId);

    // The row shows the answer from the reply's own answer, not from a read of the list (a read model
    // that may trail it), which is left for the next visit.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const cells = cellsOf(rows()[0]!);
    expect([cells[6], cells[7]]).toEqual(['Answered', '2']);
    expect(lists.length).toBe(listsBefore);
  });

  it('refuses a reply shorter than 2 characters before any request, in the page language', async () => {
    const { sent } = serveInbox([message(1)]);
    await renderPage(OPERATOR, 'tr');
    const dialog = await openFirst();
    fireEvent.change(within(dialog).getByLabelText('Yanıtınız'), { target: { value: ' a ' } });
    fireEvent.click(within(dialog).getByTestId('send-reply'));
    expect((await within(dialog).findByTestId('error-text')).textContent).toBe('2 ile 4000 karakter arasında olmalıdır.');
    expect(sent).toEqual([]);
  });

  it('shows the api’s refusal translated and keeps the draft; sending it again reuses its replyId', async () => {
    const { sent } = serveInbox([message(1)], { status: 409, error: `contactMessageClosed|${id(1)}` });
    await renderPage(OPERATOR, 'tr');
    const dialog = await openFirst();
    fireEvent.change(within(dialog).getByLabelText('Yanıtınız'), { target: { value: 'Geç kalan yanıt' } });
    fireEvent.click(within(dialog).getByTestId('send-reply'));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Bu mesaj kapatıldı; artık yanıtlanamaz.'));
    expect((within(dialog).getByLabelText('Yanıtınız') as HTMLTextAreaElement).value).toBe('Geç kalan yanıt');
    fireEvent.click(within(dialog).getByTestId('send-reply'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect((sent[1]!.body as { replyId: string }).replyId).toBe((sent[0]!.body as { replyId: string }).replyId);
  });

  it('closes a message only after a confirmation; a closed message takes no reply', async () => {
    const { sent, lists } = serveInbox([message(1)]);
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    await renderPage(OPERATOR);
    const dialog = await openFirst();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close message' }));
    expect(confirm).toHaveBeenCalledWith('Close this message? A closed message can no longer be answered.');
    expect(sent).toEqual([]);

    confirm.mockReturnValue(true);
    const listsBefore = lists.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close message' }));
    await waitFor(() => expect(within(dialog).getByTestId('contact-status').textContent).toBe('Closed'));
    expect(sent).toEqual([{ method: 'POST', path: `/api/v1/staff/contact-messages/${id(1)}/close`, body: undefined }]);
    expect(within(dialog).getByTestId('contact-closed').textContent).toMatch(/ · koperator$/);
    expect(within(dialog).queryByTestId('reply-form')).toBeNull();
    expect(within(dialog).queryByTestId('close-message')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(cellsOf(rows()[0]!)[6]).toBe('Closed');
    expect(lists.length).toBe(listsBefore);
  });

  it('the regulator reads a message without reply or close controls', async () => {
    serveInbox([message(1, { replies: [{ replyId: id(901), text: 'Tamam.', at: at(-1), byUserId: 'a1', byUserName: 'kadmin' }], replyCount: 1, status: 'answered' })]);
    await renderPage(REGULATOR, 'en', '/contact?status=answered');
    const dialog = await openFirst();
    expect(within(dialog).getAllByTestId('contact-reply')).toHaveLength(1);
    expect(within(dialog).queryByTestId('reply-form')).toBeNull();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByTestId('close-message')).toBeNull();
    expect(within(dialog).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Close']);
  });

  it('closing the message dialog goes back to the list', async () => {
    serveInbox([message(1)]);
    await renderPage(OPERATOR);
    const dialog = await openFirst();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('contact-message')).toBeNull();
    expect(rows()).toHaveLength(1);
  });
});
