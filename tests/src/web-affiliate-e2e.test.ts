import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInWithPopup, registrationFields, submitRegisterForm } from './browser';
import { type InProcessBrowser, type ServedSite, startInProcessBrowser } from './browser-stack';

/**
 * The affiliate programme in a real browser (api/AFFILIATE.md): a player joins on /affiliate and
 * copies their link; a guest opens that link, registers; the affiliate sees the new player in their
 * list, and the banner page gives HTML that links to the same address. The api runs in this process
 * (its captcha texts are readable, as a person reads the image), the built site by `vite preview`.
 */
const backend = testBackends.at(-1)!;

let storage: TestStorage;
let api: TestApi;
let stack: InProcessBrowser;
let served: ServedSite;
let apiUrl: string;
let siteUrl: string;

beforeAll(async () => {
  storage = await backend.open();
  api = await openTestApi(storage, { clock: () => new Date() });
  stack = await startInProcessBrowser({ app: 'web', label: 'affiliate' });
  served = await stack.serve(api);
  ({ apiUrl, siteUrl } = served);
}, 240_000);

afterAll(async () => {
  await stack?.close();
  await served?.close();
  await api?.close();
  await storage?.close();
}, 60_000);

describe(`affiliate pages in the browser (${backend.name})`, () => {
  it('a player joins and copies their link; a guest registers through it; the affiliate sees them; the banners link to it', async () => {
    const sid = await api.logIn('kupon', 'kadmin');
    const settings = await fetch(`${apiUrl}/api/v1/sites/current/settings`, {
      method: 'PATCH',
      headers: { cookie: `kupon_sid=${sid}`, 'x-site-id': 'kupon', 'content-type': 'application/json' },
      body: JSON.stringify({ affiliateStatus: true }),
    });
    expect(settings.status, await settings.text()).toBe(200);

    const affiliateContext = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'tr-TR' });
    const guestContext = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'tr-TR' });
    try {
      const page = await affiliateContext.newPage();
      await logInWithPopup(page, siteUrl, 'kplayer1', 'play1234');
      await page.goto(`${siteUrl}/tr/affiliate`);
      await page.getByTestId('affiliate-apply-button').click();
      const code = (await page.getByTestId('affiliate-code').textContent())!;
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      const link = await page.getByTestId('affiliate-link').inputValue();
      expect(link).toBe(`${siteUrl}/tr/register/${code}`);
      await page.getByTestId('affiliate-users').getByTestId('empty-state').waitFor();

      // A guest opens the link and registers: the form carries the code.
      const guest = await guestContext.newPage();
      await guest.goto(link);
      await submitRegisterForm(guest, registrationFields('affguest1', '123450987'), () => api.captchaTexts.at(-1)!);

      // Once the read model has the registration, the affiliate's list shows the new player.
      await api.caughtUp();
      await page.reload();
      const list = page.getByTestId('affiliate-user-list');
      await list.getByRole('cell', { name: 'affguest1', exact: true }).waitFor();
      expect(await page.getByTestId('affiliate-referred-count').textContent()).toBe('1');
      await stack.shot(page, 'web-affiliate');

      await page.goto(`${siteUrl}/tr/affiliateBanner`);
      await page.getByTestId('affiliate-banner-list').waitFor();
      const snippet = await page.getByTestId('affiliate-snippet-logo-728x90').inputValue();
      expect(snippet).toContain(`href="${link}"`);
      expect(snippet).toContain(`src="${siteUrl}/brands/kupon.svg"`);
      await stack.shot(page, 'web-affiliate-banners');
    } finally {
      await affiliateContext.close();
      await guestContext.close();
    }
  });
});
