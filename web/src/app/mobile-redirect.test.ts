import { describe, expect, it } from 'vitest';
import { mobileRedirect } from './mobile-redirect';

const at = (host: string, path = '/tr/sports') => ({ hostname: host.split(':')[0]!, host, protocol: 'https:', pathname: path, search: '?a=1', hash: '#1|2' });
const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120';

describe('mobile redirect (spec §1)', () => {
  it('a phone goes to the m. host with the same page', () => {
    expect(mobileRedirect(at('kupon.example'), phone)).toBe('https://m.kupon.example/tr/sports?a=1#1|2');
  });
  it('never from the m. host, a desktop, localhost or an IP address', () => {
    expect(mobileRedirect(at('m.kupon.example'), phone)).toBeNull();
    expect(mobileRedirect(at('kupon.example'), desktop)).toBeNull();
    expect(mobileRedirect(at('localhost:5173'), phone)).toBeNull();
    expect(mobileRedirect(at('127.0.0.1:4173'), phone)).toBeNull();
  });
});
