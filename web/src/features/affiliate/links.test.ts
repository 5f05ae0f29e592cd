import { describe, expect, it } from 'vitest';
import { absolute, bannerSnippet, lastDays, referralLink } from './links';

describe('affiliate links and snippets', () => {
  it('makes the referral link on the host the affiliate uses', () => {
    expect(referralLink('https://m.kupon.example/', '/tr/register/K7PX2QMA')).toBe('https://m.kupon.example/tr/register/K7PX2QMA');
  });

  it('writes a banner snippet with the link, the absolute image, its size, and escapes what it quotes', () => {
    const link = 'https://kupon.example/tr/register/K7PX2QMA';
    expect(bannerSnippet('https://kupon.example', link, { id: 'b', title: 'Kupon "300"', image: '/brands/kupon.svg', width: 300, height: 250 })).toBe(
      '<a href="https://kupon.example/tr/register/K7PX2QMA" target="_blank" rel="noopener"><img src="https://kupon.example/brands/kupon.svg" width="300" height="250" style="object-fit:contain" alt="Kupon &quot;300&quot;" /></a>',
    );
    expect(bannerSnippet('https://kupon.example', link, { id: 'c', title: 'x', image: 'https://cdn.example/a.png', width: null, height: null })).not.toContain('width=');
    expect(absolute('https://kupon.example', 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  });

  it('defaults to the last 30 UTC days, today included', () => {
    expect(lastDays(new Date('2026-11-25T22:30:00.000Z'), 30)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
  });
});
