import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInWithPopup } from './browser';
import { type InProcessBrowser, type ServedSite, startInProcessBrowser } from './browser-stack';

/**
 * The contact form and the back office's inbox in a real browser (api/CONTACT.md): a guest writes
 * from the player site with the security code (a too-short message is refused on the page first), a
 * logged-in player writes without one and finds the message under "my messages"; the operator finds
 * both in the back office's Messages, answers the player's and closes the guest's; the player reads
 * the answer on the site. One api runs in this process (its captcha texts are readable, as a person
 * reads the image); the built player site is served in front of it and the built back office in
 * front of a second app on the same storage, as two api processes would be.
 */
const backend = testBackends.at(-1)!;

const guest = {
  name: 'Ayşe Yılmaz',
  email: 'ayse@example.com',
  topic: 'payments',
  subject: 'Para yatırma görünmüyor',
  message: 'Bir saat önce 100 TL yatırdım ama bakiyem değişmedi.',
};
const fromPlayer = {
  topic: 'account',
  subject: 'Telefon numaram değişti',
  message: 'Lütfen hesabımdaki telefon numarasını yenisiyle değiştirin.',
};
const reply = 'Merhaba, numaranızı güncelledik. İyi günler dileriz.';

/** Sends the contact form the page shows and waits for its confirmation. */
async function sendContactForm(page: Page): Promise<void> {
  const form = page.getByTestId('contact-form');
  await form.getByRole('button', { name: 'Gönder' }).click();
  const sent = form.getByTestId('contact-sent');
  await sent.waitFor();
  expect(await sent.innerText()).toBe('Mesajınız alındı. Destek ekibimiz size en kısa sürede e-posta ile yanıt verecek.');
}

describe(`the contact form and the back office's inbox in the browser (${backend.name})`, () => {
  let storage: TestStorage;
  let api: TestApi;
  let web: InProcessBrowser;
  let backoffice: InProcessBrowser;
  let webSite: ServedSite;
  let backofficeSite: ServedSite;
  /** The player's browser, kept from their send to their reading of the answer. */
  let playerContext: BrowserContext;
  let playerPage: Page;

  beforeAll(async () => {
    storage = await backend.open();
    api = await openTestApi(storage, { clock: () => new Date() });
    web = await startInProcessBrowser({ app: 'web', label: 'contactweb' });
    backoffice = await startInProcessBrowser({ app: 'backoffice', label: 'contactbackoffice' });
    webSite = await web.serve(api);
    backofficeSite = await backoffice.serve({ app: api.secondApp() });
  }, 240_000);

  afterAll(async () => {
    await playerContext?.close();
    await web?.close();
    await backoffice?.close();
    await webSite?.close();
    await backofficeSite?.close();
    await api?.close();
    await storage?.close();
  }, 60_000);

  it('a guest writes with the security code, a too-short message refused on the page first; a player writes without one and finds it under my messages', async () => {
    const { context, page } = await web.newPage();
    try {
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/contact') posts.push(request.url());
      });
      await page.goto(`${webSite.siteUrl}/tr/contact`);
      await page.getByTestId('page-contact').getByRole('heading', { name: 'Bize ulaşın' }).waitFor();
      await page.getByTestId('captcha-image').waitFor();
      const form = page.getByTestId('contact-form');
      await form.locator('input[name=name]').fill(guest.name);
      await form.locator('input[name=email]').fill(guest.email);
      await form.locator('select[name=topic]').selectOption(guest.topic);
      await form.locator('input[name=subject]').fill(guest.subject);
      await form.locator('textarea[name=message]').fill('Yardım!');
      await form.locator('input[name=captcha]').fill(api.captchaTexts.at(-1)!);

      // Too short: the page names the rule under the message and sends nothing.
      const events = await api.eventCount();
      await form.getByRole('button', { name: 'Gönder' }).click();
      const refusal = form.locator('.contact-form__message .field-error');
      await refusal.waitFor();
      expect(await refusal.innerText()).toBe('10 ile 2000 karakter arasında olmalıdır.');
      expect(await form.locator('textarea[name=message]').getAttribute('aria-invalid')).toBe('true');
      expect(await form.getByTestId('contact-sent').count()).toBe(0);
      expect(posts).toEqual([]);
      expect(await api.eventCount()).toBe(events);

      // Long enough: it goes, with the code the page showed (the refusal did not spend it).
      await form.locator('textarea[name=message]').fill(guest.message);
      const image = page.getByTestId('captcha-image');
      const shown = await image.getAttribute('src');
      await sendContactForm(page);
      expect(posts).toHaveLength(1);
      // A new form, and a new code to read for the next message.
      await expect.poll(() => image.getAttribute('src')).not.toBe(shown);
      expect(await form.locator('input[name=subject]').inputValue()).toBe('');
      expect(await form.locator('textarea[name=message]').inputValue()).toBe('');
      expect(await form.locator('input[name=captcha]').inputValue()).toBe('');
      // A guest has no "my messages".
      expect(await page.getByTestId('my-contact-messages').count()).toBe(0);
      await web.shot(page, 'web-contact-guest');
    } finally {
      await context.close();
    }

    ({ context: playerContext, page: playerPage } = await web.newPage());
    const captchas = api.captchaTexts.length;
    await logInWithPopup(playerPage, webSite.siteUrl, 'kplayer1', 'play1234');
    await playerPage.goto(`${webSite.siteUrl}/tr/contact`);
    const mine = playerPage.getByTestId('my-contact-messages');
    await mine.getByRole('heading', { name: 'Mesajlarım' }).waitFor();
    await mine.getByText('Henüz bir mesaj göndermediniz.').waitFor();
    const playerForm = playerPage.getByTestId('contact-form');
    await playerForm.getByText('Ad ve e-posta hesabınızdan alındı; boş bırakırsanız hesabınızdakiler kullanılır.').waitFor();
    // Name and e-mail come from the account (the e-mail once the profile is read).
    expect(await playerForm.locator('input[name=name]').inputValue()).toBe('Demo Player 1');
    await expect.poll(() => playerForm.locator('input[name=email]').inputValue()).toBe('kplayer1@kupon.example');
    // No security code for a player: neither the image nor its field, and none was drawn.
    expect(await playerForm.getByTestId('captcha-image').count()).toBe(0);
    expect(await playerForm.locator('input[name=captcha]').count()).toBe(0);
    expect(api.captchaTexts).toHaveLength(captchas);
    await playerForm.locator('select[name=topic]').selectOption(fromPlayer.topic);
    await playerForm.locator('input[name=subject]').fill(fromPlayer.subject);
    await playerForm.locator('textarea[name=message]').fill(fromPlayer.message);
    await sendContactForm(playerPage);

    // The message shows under "my messages", and is still there when the page is opened again.
    const item = mine.getByTestId('contact-message').filter({ hasText: fromPlayer.subject });
    await item.waitFor();
    await api.caughtUp();
    await playerPage.reload();
    await item.waitFor();
    expect(await mine.getByTestId('contact-message').count()).toBe(1);
    expect(await item.getByTestId('contact-message-status').innerText()).toBe('Yanıt bekliyor');
    expect(await item.innerText()).toContain(fromPlayer.message);
    expect(await item.innerText()).toContain('Hesabım');
    expect(await item.getByTestId('contact-reply').count()).toBe(0);
    await web.shot(playerPage, 'web-contact-player');
  }, 90_000);

  it('the operator finds both in Messages, answers the player, closes the guest’s message; the player reads the answer', async () => {
    const context = await backoffice.browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'tr-TR' });
    try {
      const page = await context.newPage();
      await page.goto(`${backofficeSite.siteUrl}/`);
      const login = page.getByTestId('login-form');
      await login.locator('input[name=userName]').fill('koperator');
      await login.locator('input[name=password]').fill('oper1234');
      await login.getByRole('button', { name: 'Giriş Yap' }).click();
      await page.getByTestId('signed-in').waitFor();

      // The menu counts the messages waiting for an answer (GET /staff/waiting).
      const nav = page.getByTestId('nav-contact');
      const waiting = nav.getByTestId('waiting-contact');
      await expect.poll(() => waiting.innerText(), { timeout: 15_000 }).toBe('2');
      expect(await nav.innerText()).toMatch(/^Mesajlar\s*2$/);
      await nav.click();
      const inbox = page.getByTestId('page-contact');
      await inbox.getByRole('heading', { name: 'Mesajlar' }).waitFor();
      // Both wait for an answer, the newest (the player's) first.
      const rows = inbox.getByTestId('contact-row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      const playerRow = rows.filter({ hasText: fromPlayer.subject });
      const guestRow = rows.filter({ hasText: guest.subject });
      expect(await rows.first().innerText()).toContain(fromPlayer.subject);
      const sentAt = expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
      expect(await playerRow.locator('td').allInnerTexts()).toEqual([sentAt, 'Demo Player 1', 'kplayer1', 'kplayer1@kupon.example', 'Hesap', fromPlayer.subject, 'Açık', '0', '']);
      expect(await guestRow.locator('td').allInnerTexts()).toEqual([sentAt, guest.name, 'Ziyaretçi', guest.email, 'Ödemeler', guest.subject, 'Açık', '0', '']);
      expect(await inbox.getByTestId('contact-total').innerText()).toBe('Toplam: 2');

      // The player's message: read it, answer it.
      await playerRow.click();
      const dialog = page.getByRole('dialog', { name: fromPlayer.subject });
      await dialog.getByTestId('contact-text').waitFor();
      expect(await dialog.getByTestId('contact-text').innerText()).toBe(fromPlayer.message);
      expect(await dialog.getByTestId('contact-user').innerText()).toBe('kplayer1');
      expect(await dialog.getByTestId('contact-status').innerText()).toBe('Açık');
      expect(await dialog.getByText('Henüz yanıt yok.').count()).toBe(1);
      expect(await dialog.getByText('Yanıt kplayer1@kupon.example adresine e-posta ile gönderilir.').count()).toBe(1);
      await dialog.getByTestId('reply-text').fill(reply);
      await dialog.getByRole('button', { name: 'Yanıtı gönder' }).click();
      await dialog.getByText('Yanıt gönderildi.').waitFor();
      await expect.poll(() => dialog.getByTestId('contact-status').innerText()).toBe('Yanıtlandı');
      await expect.poll(() => waiting.innerText(), { timeout: 15_000 }).toBe('1');
      const answer = dialog.getByTestId('contact-reply');
      expect(await answer.count()).toBe(1);
      expect(await answer.innerText()).toContain(reply);
      expect(await answer.getByTestId('contact-reply-by').innerText()).toMatch(/^koperator · /);
      expect(await dialog.getByRole('heading', { name: 'Yanıtlar (1)' }).count()).toBe(1);
      expect(await dialog.getByTestId('reply-text').inputValue()).toBe('');
      await backoffice.shot(page, 'backoffice-contact-reply');
      await dialog.getByRole('button', { name: 'Kapat', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      // Every status: the player's is answered once, the guest's still open.
      await api.caughtUp();
      await inbox.locator('select[name=status]').selectOption('all');
      await expect.poll(() => playerRow.locator('td').nth(6).innerText(), { timeout: 15_000 }).toBe('Yanıtlandı');
      expect(await playerRow.locator('td').nth(7).innerText()).toBe('1');
      expect(await guestRow.locator('td').nth(6).innerText()).toBe('Açık');

      // The guest's message: closed, after the confirmation.
      await guestRow.click();
      const guestDialog = page.getByRole('dialog', { name: guest.subject });
      await guestDialog.getByTestId('contact-text').waitFor();
      expect(await guestDialog.getByTestId('contact-user').innerText()).toBe('Ziyaretçi');
      const confirmed: string[] = [];
      page.once('dialog', (d) => {
        confirmed.push(d.message());
        void d.accept();
      });
      await guestDialog.getByRole('button', { name: 'Mesajı kapat' }).click();
      await expect.poll(() => guestDialog.getByTestId('contact-status').innerText()).toBe('Kapalı');
      expect(confirmed).toEqual(['Mesaj kapatılsın mı? Kapalı bir mesaja yanıt yazılamaz.']);
      expect(await guestDialog.getByTestId('contact-closed').innerText()).toMatch(/ · koperator$/);
      // A closed message takes no reply and has nothing more to close.
      expect(await guestDialog.getByTestId('reply-form').count()).toBe(0);
      expect(await guestDialog.getByRole('button', { name: 'Mesajı kapat' }).count()).toBe(0);
      // Nothing waits any more: the menu's count goes.
      await expect.poll(() => waiting.count(), { timeout: 15_000 }).toBe(0);
      await backoffice.shot(page, 'backoffice-contact-closed');
    } finally {
      await context.close();
    }

    // Back on the player site: the answer under the message.
    await api.caughtUp();
    await playerPage.reload();
    const item = playerPage.getByTestId('my-contact-messages').getByTestId('contact-message').filter({ hasText: fromPlayer.subject });
    const answer = item.getByTestId('contact-reply');
    await answer.waitFor();
    expect(await item.getByTestId('contact-message-status').innerText()).toBe('Yanıtlandı');
    expect(await answer.innerText()).toContain('Destek ekibinin yanıtı');
    expect(await answer.innerText()).toContain(reply);
    // The staff member who wrote it is not named to the player.
    expect(await item.innerText()).not.toContain('koperator');
    await web.shot(playerPage, 'web-contact-answered');
  }, 90_000);
});
