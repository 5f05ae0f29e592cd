import { describe, expect, it } from 'vitest';
import { bpInput, parseBp, parseSeconds, secondsInput } from './units';

describe('catalog settings inputs without floating point', () => {
  it('reads a margin typed as a percentage into basis points and back', () => {
    expect(parseBp('4,5')).toBe(450);
    expect(parseBp('4.05')).toBe(405);
    expect(parseBp('12')).toBe(1200);
    expect(parseBp('4,555')).toBeNull();
    expect(parseBp('yüzde beş')).toBeNull();
    expect(bpInput(450)).toBe('4,5');
    expect(bpInput(405)).toBe('4,05');
    expect(parseBp(bpInput(1234))).toBe(1234);
  });

  it('reads a live delay typed in seconds into milliseconds and back', () => {
    expect(parseSeconds('5')).toBe(5000);
    expect(parseSeconds('7,5')).toBe(7500);
    expect(parseSeconds('0.25')).toBe(250);
    expect(parseSeconds('-1')).toBeNull();
    expect(secondsInput(7500)).toBe('7,5');
    expect(secondsInput(250)).toBe('0,25');
    expect(parseSeconds(secondsInput(12345))).toBe(12345);
  });
});
