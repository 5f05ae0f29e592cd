import { describe, expect, it } from 'vitest';
import { canonicalPath, pathInLanguage, resolveLanguage } from './language';

describe('language rules (spec §2)', () => {
  it('the route wins, then the stored choice, then the browser, then the site default, then tr', () => {
    expect(resolveLanguage({ route: 'en', stored: 'tr', browser: ['tr-TR'] })).toBe('en');
    expect(resolveLanguage({ route: 'sports', stored: 'en', browser: ['tr-TR'] })).toBe('en');
    expect(resolveLanguage({ browser: ['de-DE', 'en-GB'] })).toBe('en');
    expect(resolveLanguage({ browser: ['de-DE'], siteDefault: 'en' })).toBe('en');
    expect(resolveLanguage({ browser: ['de-DE'] })).toBe('tr');
    expect(resolveLanguage({})).toBe('tr');
  });

  it('the browser language is ignored when the site turns browser_language off', () => {
    expect(resolveLanguage({ browser: ['en-US'], browserLanguage: false, siteDefault: 'tr' })).toBe('tr');
  });

  it('a path gets a language prefix; an unknown code is replaced; loginwithuser is forced under tr', () => {
    expect(canonicalPath('/', 'en')).toBe('/en');
    expect(canonicalPath('/sports', 'tr')).toBe('/tr/sports');
    expect(canonicalPath('/de/results', 'en')).toBe('/en/results');
    expect(canonicalPath('/en/results', 'tr')).toBeNull();
    expect(canonicalPath('/en/loginwithuser', 'en')).toBe('/tr/loginwithuser');
    expect(canonicalPath('/loginwithuser', 'en')).toBe('/tr/loginwithuser');
    expect(canonicalPath('/tr/loginwithuser', 'en')).toBeNull();
  });

  it('switching language keeps the page', () => {
    expect(pathInLanguage('/tr/sports/match/12', 'en')).toBe('/en/sports/match/12');
    expect(pathInLanguage('/results', 'tr')).toBe('/tr/results');
  });
});
