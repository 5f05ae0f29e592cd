import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** `bytes` from the CSPRNG as base64url: 32 bytes (256 bits) for session ids, 24 for codes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function newId(): string {
  return randomUUID();
}

/**
 * A single-use code a person receives by mail: `<userId>.<secret>`. The user id finds the stream; only
 * the sha-256 of the secret is stored, so the event log never holds a usable code.
 */
export function newUserCode(userId: string): { code: string; codeHash: string } {
  const secret = randomToken(24);
  return { code: `${userId}.${secret}`, codeHash: sha256(secret) };
}

export function splitUserCode(code: string): { userId: string; codeHash: string } | null {
  const dot = code.indexOf('.');
  if (dot <= 0) return null;
  const userId = code.slice(0, dot);
  const secret = code.slice(dot + 1);
  if (!/^[0-9a-f-]{36}$/.test(userId) || secret.length < 16) return null;
  return { userId, codeHash: sha256(secret) };
}
