import { describe, expect, it } from 'vitest';
import { isFrameAddress, openOutcome, pickFromParam, pickToParam, searchTerm } from './types';

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
  it('round-trips every pick', () => {
    for (const pick of [{ kind: 'all' }, { kind: 'favourites' }, { kind: 'provider', masterServiceId: 900 }] as const) expect(pickFromParam(pickToParam(pick))).toEqual(pick);
    expect(pickFromParam('nonsense')).toEqual({ kind: 'all' });
  });

  it('searches from 3 letters (§9), trimmed', () => {
    expect(searchTerm(' di ')).toBeUndefined();
    expect(searchTerm(' dic ')).toBe('dic');
  });
});
