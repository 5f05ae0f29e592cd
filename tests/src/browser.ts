import type { Page } from 'playwright-core';

/** Logs in through the header's login popup of the Turkish site, as a player would, and waits for the account menu. */
export async function logInWithPopup(page: Page, siteUrl: string, userName: string, password: string): Promise<void> {
  await page.goto(`${siteUrl}/tr`);
  await page.getByTestId('login-button').click();
  const popup = page.getByTestId('login-popup');
  await popup.locator('input[name=userName]').fill(userName);
  await popup.locator('input[name=password]').fill(password);
  await popup.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.getByTestId('account').waitFor();
}
