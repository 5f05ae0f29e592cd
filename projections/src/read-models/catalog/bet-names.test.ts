import { catalogEntryKey, DEFAULT_SPORTSBOOK_SETTINGS, SiteCatalogView } from '@kupon/domain';
import { describe, expect, it } from 'vitest';
import { betNames } from './queries';

describe('a coupon line’s bet in words (§3 typeName, outComeName)', () => {
  it('names the market and outcome from the catalogue in the asked language', () => {
    expect(betNames('FT_1X2', '1', 'tr')).toEqual({ typeName: 'Maç Sonucu (Normal Süre)', outComeName: 'Ev Sahibi' });
    expect(betNames('FT_OU', 'over', 'en')).toEqual({ typeName: 'Total Over/Under', outComeName: 'Over' });
  });

  it('codes the catalogue does not know stay as they came', () => {
    expect(betNames('NEW_MARKET', 'x', 'tr')).toEqual({ typeName: 'NEW_MARKET', outComeName: 'x' });
    expect(betNames('FT_1X2', '9', 'tr')).toEqual({ typeName: 'Maç Sonucu (Normal Süre)', outComeName: '9' });
  });

  it('uses the site’s own names where it set them', () => {
    const site = new SiteCatalogView(
      { [catalogEntryKey('market', 'FT_1X2')]: { names: { tr: 'Maç Sonucu' } }, [catalogEntryKey('outcome', 'FT_1X2|1')]: { names: { tr: 'Ev' } } },
      DEFAULT_SPORTSBOOK_SETTINGS,
    );
    expect(betNames('FT_1X2', '1', 'tr', site)).toEqual({ typeName: 'Maç Sonucu', outComeName: 'Ev' });
    expect(betNames('FT_1X2', '1', 'en', site)).toEqual({ typeName: 'Match Result (Regular Time)', outComeName: 'Home' });
  });
});
