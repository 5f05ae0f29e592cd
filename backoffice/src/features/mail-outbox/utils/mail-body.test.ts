import { describe, expect, it } from 'vitest';
import { isHtmlBody, mailDocument } from './mail-body';

describe('mail bodies', () => {
  it('tells an HTML template from the built-in text mails', () => {
    expect(isHtmlBody('Your password renewal code: X1\nOpen /resetPassword/X1 within 30 minutes.')).toBe(false);
    expect(isHtmlBody('Kod < 5 ve > 2 değil')).toBe(false);
    expect(isHtmlBody('<p>Merhaba</p>')).toBe(true);
    expect(isHtmlBody('Satır<br/>satır')).toBe(true);
    expect(isHtmlBody('<a href="/activate?c=1">Etkinleştir</a>')).toBe(true);
  });

  it('puts the mail under a policy that loads nothing from outside', () => {
    const document = mailDocument('<img src="https://tracker.example/p.gif">');
    expect(document.indexOf('Content-Security-Policy')).toBeLessThan(document.indexOf('<img'));
    expect(document).toContain("default-src 'none'");
  });
});
