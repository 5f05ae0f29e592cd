import { describe, expect, it } from 'vitest';
import { isFrameAddress, openOutcome, paramsWithPick, pickFromParams, searchTerm } from './types';

describe('what opening a game leads to (spec §4, §5, §8)', () => {
  it('status false is an error with the msg split into key and parameter', () => {
    expect(openOutcome({ status: false, msg: 'permissionDenied|slotUser', content: null, command: null })).toEqual({ kind: 'error', key: 'permissionDenied', params: ['slotUser'] });
    expect(openOutcome({ status: false, msg: '', content: null, command: null })).toEqual({ kind: 'error', key: 'tecnicalProblemContent', params: [] });
  });

  it('iframe false redirects; iframe true frames an http(s)-like address and draws anything else as markup', () => {
    expect(openOutcome({ status: true, msg: '', content: { iframe: false, gameurl: 'https://g.example/x', iframeId: 'i' }, command: null })).toEqual({ kind: 'redirect', url: 'https://g.example/x' });
    expect(openOutcome({ status: true, msg: '', content: { iframe: true, gameurl: 'https://g.example/x', iframeId: 'i' }, command: null })).toEqual({ kind: 'frame', src: 'https://g.example/x', frameId: 'i' });
    expect(openOutcome({ status: true, msg: '', content: { iframe: true, gameurl: '<div id="game"></div>', iframeId: 'i' }, command: null })).toEqual({ kind: 'markup', html: '<div id="game"></div>', frameId: 'i' });
  });

  it('a frame source is http(s) or a path on this site, never a protocol-relative or script address', () => {
    expect(isFrameAddress('HTTP://g.example')).toBe(true);
    expect(isFrameAddress('/api/v1/casino/demo/play/1')).toBe(true);
    expect(isFrameAddress('//evil.example/x')).toBe(false);
    expect(isFrameAddress('javascript:alert(1)')).toBe(false);
  });
});

describe('menu pick in the address and the search minimum', () => {
  it('round-trips every pick, a sub-provider with its provider', () => {
    const picks = [{ kind: 'all' }, { kind: 'favourites' }, { kind: 'provider', masterServiceId: 900 }, { kind: 'provider', masterServiceId: 940, company: 'Nova Reels' }] as const;
    for (const pick of picks) expect(pickFromParams(paramsWithPick(new URLSearchParams('lang=x'), pick))).toEqual(pick);
    expect(paramsWithPick(new URLSearchParams('provider=940&sub=Nova+Reels&x=1'), { kind: 'provider', masterServiceId: 900 }).toString()).toBe('x=1&provider=900');
    expect(paramsWithPick(new URLSearchParams(), { kind: 'provider', masterServiceId: 940, company: 'Nova Reels' }).toString()).toBe('provider=940&sub=Nova+Reels');
    expect(pickFromParams(new URLSearchParams('provider=nonsense&sub=Nova'))).toEqual({ kind: 'all' });
    expect(pickFromParams(new URLSearchParams('provider=favourites&sub=Nova'))).toEqual({ kind: 'favourites' });
    expect(pickFromParams(new URLSearchParams('provider=940&sub=%20'))).toEqual({ kind: 'provider', masterServiceId: 940 });
  });

  it('searches from 3 letters (§9), trimmed', () => {
    expect(searchTerm(' di ')).toBeUndefined();
    expect(searchTerm(' dic ')).toBe('dic');
  });
});
