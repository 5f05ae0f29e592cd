import { describe, expect, it } from 'vitest';
import type { Json } from '../port';
import { canonicalJson } from './canonical-json';

describe('canonical JSON (what every event hash is taken over)', () => {
  it('sorts object keys by UTF-16 code units at every depth, whatever order they were written in', () => {
    const value = { b: 1, a: { z: true, y: null }, B: [{ d: 'x', c: 'y' }], é: 2, '😀': 3, ä: 4 } as unknown as Json;
    expect(canonicalJson(value)).toBe('{"B":[{"c":"y","d":"x"}],"a":{"y":null,"z":true},"b":1,"ä":4,"é":2,"😀":3}');
  });

  it('leaves out undefined fields, writes undefined array items as null, and strings and numbers as JSON does', () => {
    const value = { kept: 'a "quoted"\nline', gone: undefined, list: [1, undefined, -0.5, 1e21] } as unknown as Json;
    expect(canonicalJson(value)).toBe('{"kept":"a \\"quoted\\"\\nline","list":[1,null,-0.5,1e+21]}');
  });

  it('is the same text for the same value written with its keys in another order', () => {
    const one = { couponId: 'c1', result: 'won', meta: { at: '2026-11-22T18:00:00.000Z', actor: { userId: 'u', role: 'r' } } } as unknown as Json;
    const two = { meta: { actor: { role: 'r', userId: 'u' }, at: '2026-11-22T18:00:00.000Z' }, result: 'won', couponId: 'c1' } as unknown as Json;
    expect(canonicalJson(two)).toBe(canonicalJson(one));
    expect(JSON.parse(canonicalJson(one))).toEqual(one);
  });

  it('writes a value with toJSON (a Date) as JSON.stringify does', () => {
    const value = { at: new Date('2026-11-22T18:00:00.000Z'), list: [new Date(0)] } as unknown as Json;
    expect(canonicalJson(value)).toBe(JSON.stringify(value));
  });

  it('refuses what JSON cannot carry', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson({ f: () => 1 } as unknown as Json)).toThrow(TypeError);
  });
});
