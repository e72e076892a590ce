/**
 * Staff passwords: scrypt from node:crypto (memory-hard), with OWASP's parameters
 * (N=2^16, r=8, p=2: 64 MiB and about a quarter to half a second per hash on this
 * project's 2-core machine), a random 16-byte salt per password, and the parameters
 * stored with the hash so they can be raised later without breaking old hashes.
 *
 *   scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>
 *
 * The tests hash with a cheap cost (TEST_ONLY_COST) so that they spend their time on what
 * they test: a test passes it explicitly, and a server under test gets it from
 * STAFF_PASSWORD_COST=test, which server/config.ts refuses unless NODE_ENV=test. A hash
 * verifies at the cost it records, whichever it was made with.
 */
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { MAX_PASSWORD_LENGTH, newPasswordSchema } from '../../shared/schema/desk';

/** scrypt's cost: N (memory and time), r (block size), p (parallel passes). */
export type ScryptCost = Readonly<{ N: number; r: number; p: number }>;

/** Every real password's: OWASP's parameters (64 MiB). */
export const PRODUCTION_COST: ScryptCost = Object.freeze({ N: 2 ** 16, r: 8, p: 2 });
/** For tests only (1 MiB, about a millisecond): never for a password anyone signs in with. */
export const TEST_ONLY_COST: ScryptCost = Object.freeze({ N: 2 ** 10, r: 8, p: 1 });

/** The cost STAFF_PASSWORD_COST names (`test` is refused by the config unless NODE_ENV=test). */
export const passwordCost = (setting: 'production' | 'test'): ScryptCost =>
  setting === 'test' ? TEST_ONLY_COST : PRODUCTION_COST;
const KEY_LENGTH = 32;

/**
 * scrypt runs on Node's shared pool of 4 threads, which also reads the files the site serves.
 * At most this many hashes run at once (one core is left for serving), so a flood of sign-ins
 * can neither fill that pool nor both cores; …
 */
export const MAX_CONCURRENT_HASHES = Math.min(2, Math.max(1, availableParallelism() - 1));
/** …and at most this many sign-ins wait for a turn; the next is refused (PasswordCheckBusy → 429). */
export const MAX_WAITING_CHECKS = 10;

/** Too many passwords are being checked at once: try again in a moment. */
export class PasswordCheckBusy extends Error {
  constructor() {
    super('Too many password checks at once.');
  }
}

let hashing = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a hashing slot is free; with `refuseWhenFull`, throws PasswordCheckBusy rather than join a full line. */
async function inTurn<T>(work: () => Promise<T>, refuseWhenFull: boolean): Promise<T> {
  if (hashing < MAX_CONCURRENT_HASHES) hashing += 1;
  else {
    if (refuseWhenFull && waiting.length >= MAX_WAITING_CHECKS) throw new PasswordCheckBusy();
    // The slot is handed over by the one that finishes (so `hashing` stays as it is).
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

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

/** The stored form of a new password, at `cost` (production's unless a test says otherwise). */
export async function hashPassword(password: string, cost: ScryptCost = PRODUCTION_COST): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  if (cost !== PRODUCTION_COST && cost !== TEST_ONLY_COST) throw new Error('Unknown password hashing cost.');
  const salt = randomBytes(16);
  // Staff setting a password wait their turn; only sign-ins are turned away when the line is full.
  const key = await inTurn(() => derive(password, salt, cost), false);
  const { N, r, p } = cost;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `password` is the one `stored` was made from. Throws PasswordCheckBusy when too many checks are waiting. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await inTurn(
    () => derive(password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) }),
    true,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash no password matches, computed once per cost: signing in with an unknown email
 * verifies against it, so the answer takes as long as for a wrong password.
 */
const decoys = new Map<ScryptCost, Promise<string>>();
export function decoyHash(cost: ScryptCost = PRODUCTION_COST): Promise<string> {
  let decoy = decoys.get(cost);
  if (!decoy) {
    decoy = hashPassword(randomBytes(24).toString('base64'), cost);
    decoys.set(cost, decoy);
  }
  return decoy;
}
