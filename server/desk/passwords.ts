/**
 * Staff passwords: scrypt from node:crypto (memory-hard), with OWASP's parameters
 * (N=2^16, r=8, p=2: 64 MiB and about a quarter to half a second per hash on this
 * project's 2-core machine), a random 16-byte salt per password, and the parameters
 * stored with the hash so they can be raised later without breaking old hashes.
 *
 *   scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>
 */
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { MAX_PASSWORD_LENGTH, newPasswordSchema } from '../../src/schema/desk';

const PARAMETERS = { N: 2 ** 16, r: 8, p: 2 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // 128 * N * r bytes per hash, plus headroom.
  const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0) + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Why a new password is refused, in words for the person choosing it; undefined when it is acceptable. */
export const passwordProblem = (password: string): string | undefined =>
  newPasswordSchema.safeParse(password).error?.issues[0]?.message;

export async function hashPassword(password: string): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMETERS);
  const { N, r, p } = PARAMETERS;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash no password matches, computed once: signing in with an unknown email
 * verifies against it, so the answer takes as long as for a wrong password.
 */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(randomBytes(24).toString('base64')));
