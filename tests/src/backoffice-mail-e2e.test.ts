import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, signInToBackoffice, startBrowserStack } from './browser-stack';

/**
 * The back office's mail outbox in the browser (issue 4: "a dev implementation that writes to a
 * local outbox the backoffice can show") against the api as `npm start` runs it: a player asks for a
 * password renewal, an admin finds the mail by its recipient and reads the code off the screen, and
 * the code works. The site's template is HTML with a script in it: the mail is drawn in a sandboxed
 * frame and the script never runs. The regulator has no such menu.
 */
let stack: BrowserStack;
let siteUrl: string;

beforeAll(async () => {
  stack = await startBrowserStack({ app: 'backoffice', label: 'back office mail e2e', apiEnv: { FEED: 'off' } });
  ({ siteUrl } = stack);
}, 180_000);

afterAll(() => stack?.close(), 60_000);

const signIn = (userName: string, password: string) => signInToBackoffice(stack, userName, password);

describe('back office: mail outbox', () => {
  it('an admin finds a player’s password renewal mail by recipient, reads the code in a sandboxed frame, and the code works; the regulator has no outbox', async () => {
    const admin = await stack.logIn('/sessions/operator', 'kadmin', 'admin123');
    const template = {
      subjects: { tr: 'Şifre yenileme' },
      bodies: { tr: '<p>Merhaba {{userName}}, kodunuz: <b data-code>{{code}}</b></p><script>window.parent.document.title = "owned"</script>' },
    };
    expect((await stack.call(admin, 'PUT', '/content-settings/mail-templates/passwordReset', template)).status).toBe(200);
    await expect.poll(async () => (await stack.call(admin, 'GET', '/content-settings/mail-templates')).json.total, { timeout: 15_000 }).toBe(1);
    expect((await stack.call(null, 'POST', '/password/forgot', { email: 'kplayer1@kupon.example' })).status).toBe(200);

    const { context, page } = await signIn('kadmin', 'admin123');
    await page.getByTestId('nav-mail').click();
    await page.getByTestId('page-mail').waitFor();
    const search = page.getByTestId('mail-search');
    await search.locator('input[name=to]').fill('kplayer1@kupon.example');
    await search.getByRole('button', { name: 'Ara' }).click();
    const row = page.getByTestId('mail-row');
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.locator('td').allInnerTexts()).toEqual([expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/), 'kplayer1@kupon.example', 'Şifre yenileme', 'Şifre yenileme']);

    await row.click();
    const detail = page.getByTestId('mail-detail');
    await expect.poll(() => detail.getByTestId('mail-to').innerText()).toBe('kplayer1@kupon.example');
    const code = await page.frameLocator('[data-testid=mail-html]').locator('b[data-code]').innerText();
    expect(code).toMatch(/^\S{6,}$/);
    await stack.shot(page, 'backoffice-mail');
    // The template's script stayed inside the frame, unrun; its markup never entered the page.
    expect(await page.title()).not.toBe('owned');
    expect(await page.locator('b[data-code]').count()).toBe(0);

    expect((await stack.call(null, 'POST', '/password/reset', { passCode: code, password: 'yenisif1', repassword: 'yenisif1' })).status).toBe(200);
    expect((await fetch(`${stack.api.url}/api/v1/sessions`, { method: 'POST', headers: { 'x-site-id': 'kupon', 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'kplayer1', password: 'yenisif1' }) })).status).toBe(200);
    await context.close();

    const regulator = await signIn('kregulator', 'regu1234');
    expect(await regulator.page.getByTestId('nav-mail').count()).toBe(0);
    await regulator.page.goto(`${siteUrl}/mail`);
    await regulator.page.getByRole('heading', { name: 'Sayfa bulunamadı' }).waitFor();
    await regulator.context.close();
  }, 60_000);
});
