import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's `Algorithm.Argon2id` (an ambient const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface Argon2Options {
  /** KiB; OWASP's argon2id minimum is 19 MiB with 2 passes. */
  readonly memoryCost: number;
  readonly timeCost: number;
  readonly parallelism: number;
}

export const OWASP_ARGON2ID: Argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** argon2id through @node-rs/argon2 (prebuilt native binaries, no install script, runs off the event loop). */
export function argon2idHasher(options: Argon2Options = OWASP_ARGON2ID): PasswordHasher {
  return {
    hash: (password) => hash(password, { algorithm: ARGON2ID, ...options }),
    async verify(stored, password) {
      try {
        return await verify(stored, password);
      } catch {
        return false;
      }
    },
  };
}
