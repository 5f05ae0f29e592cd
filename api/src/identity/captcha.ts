import type { SqlPool } from '@kupon/eventstore';
import { randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { newId, sha256 } from './secrets';

/** Letters a person can tell apart in a distorted image (no 0/O, 1/l/I). */
/** svg-captcha's default export draws a given text (its typings only declare `create`, which draws its own). */
const drawCaptcha = svgCaptcha as unknown as (text: string, options: { noise: number; color: boolean; width: number; height: number }) => string;

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function randomCaptchaText(length = 5): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

export interface CaptchaOptions {
  /** Where the challenge text comes from; the CSPRNG by default (tests may watch it). */
  readonly text?: () => string;
  readonly ttlMs?: number;
}

/**
 * §7 getCaptcha / §5 "security code checked": a text challenge drawn as a distorted SVG by svg-captcha.
 * Challenges live in the `captcha_challenges` table (any api process can check one) as a salted hash,
 * and are spent by the first attempt, right or wrong, so an answer cannot be guessed twice.
 */
export class CaptchaChallenges {
  private readonly text: () => string;
  private readonly ttlMs: number;

  constructor(
    private readonly pool: SqlPool,
    private readonly clock: () => Date,
    options: CaptchaOptions = {},
  ) {
    this.text = options.text ?? (() => randomCaptchaText());
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
  }

  async issue(siteId: string): Promise<{ captchaId: string; svg: string; expiresAt: string }> {
    const text = this.text();
    const captchaId = newId();
    const svg = drawCaptcha(text, { noise: 3, color: true, width: 150, height: 50 });
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + this.ttlMs).toISOString();
    await this.pool.query('insert into captcha_challenges (id, site_id, answer_hash, expires_at, created_at) values ($1, $2, $3, $4, $5)', [
      captchaId,
      siteId,
      answerHash(captchaId, text),
      expiresAt,
      now.toISOString(),
    ]);
    return { captchaId, svg, expiresAt };
  }

  /** True once for the right answer before expiry; every attempt spends the challenge. */
  async check(siteId: string, captchaId: string, answer: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/.test(captchaId)) return false;
    const now = this.clock().toISOString();
    const { rows } = await this.pool.query<{ answer_hash: string }>(
      `delete from captcha_challenges where id = $1 and site_id = $2 and expires_at > $3 returning answer_hash`,
      [captchaId, siteId, now],
    );
    const stored = rows[0]?.answer_hash;
    return stored !== undefined && stored === answerHash(captchaId, answer.trim().toLowerCase());
  }

  /** Drops expired challenges (called now and then by the api). */
  async sweep(): Promise<void> {
    await this.pool.query('delete from captcha_challenges where expires_at <= $1', [this.clock().toISOString()]);
  }
}

function answerHash(captchaId: string, text: string): string {
  return sha256(`${captchaId}:${text.toLowerCase()}`);
}
