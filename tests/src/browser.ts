import type { FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildClient } from './browser-stack';

/** Builds the player site into `outDir` as production ships it (see buildClient). */
export function buildPlayerSite(outDir: string): Promise<void> {
  return buildClient('web', outDir);
}

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

/** A complete §3 registration a person would type; `userName` and the 9 digits make it unique. */
export function registrationFields(userName: string, digits: string): Record<string, string> {
  return {
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    birthDate: '01.02.1990',
    idNumber: `T${digits}`,
    email: `${userName}@example.com`,
    phoneCode: '90',
    mobile: `5${digits}`,
    countryId: 'TR',
    city: 'İstanbul',
    address: 'Bağdat Caddesi 1',
    postCode: '34000',
    userName,
    password: 'gizli123',
    passwordRepeat: 'gizli123',
  };
}

/**
 * Fills the Turkish register page and sends it. `readCaptcha` returns the security code shown
 * (tests read the text the api drew, as a person reads the image).
 */
export async function registerInBrowser(page: Page, siteUrl: string, fields: Record<string, string>, readCaptcha: () => string, beforeSubmit?: () => Promise<unknown>): Promise<void> {
  await page.goto(`${siteUrl}/tr/register`);
  await submitRegisterForm(page, fields, readCaptcha, beforeSubmit);
}

/** Fills the Turkish register form the page shows (the register page, or a referral link to it) and sends it. */
export async function submitRegisterForm(page: Page, fields: Record<string, string>, readCaptcha: () => string, beforeSubmit?: () => Promise<unknown>): Promise<void> {
  await page.getByTestId('captcha-image').waitFor();
  const form = page.getByTestId('register-form');
  for (const [name, value] of Object.entries(fields)) {
    // Country and currency are chosen from the api's lists (§7 getCountries, getCurrencies).
    if (name === 'countryId' || name === 'currency') await form.locator(`select[name=${name}]`).selectOption(value);
    else await form.locator(`input[name=${name}]`).fill(value);
  }
  await form.locator('select[name=sex]').selectOption('f');
  await form.locator('input[name=captcha]').fill(readCaptcha());
  await beforeSubmit?.();
  await form.getByRole('button', { name: 'Üyeliği tamamla' }).click();
  await page.getByTestId('register-success').waitFor();
}

/** The demo game page's balance ("1234.56 TRY") as minor units. */
export async function frameBalance(frame: FrameLocator): Promise<number> {
  const text = (await frame.getByTestId('balance').textContent()) ?? '';
  const [, whole, cents] = /(\d+)\.(\d{2})/.exec(text) ?? [];
  expect(whole, `balance text ${text}`).toBeDefined();
  return Number(whole) * 100 + Number(cents);
}
