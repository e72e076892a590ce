/**
 * The password hash at the tests' cost: its stored form records its parameters, so a hash
 * verifies at the cost it was made with. (Production's cost is exercised by the one test that
 * needs it, server/sign-in-flood.test.ts, which also checks what a production hash records.)
 */
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordCost, PRODUCTION_COST, TEST_ONLY_COST, verifyPassword } from './passwords';

describe('staff password hashes', () => {
  it('record their parameters and salt, and verify the right password only', async () => {
    const stored = await hashPassword('correct horse battery', TEST_ONLY_COST);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    // A new salt each time.
    expect(await hashPassword('correct horse battery', TEST_ONLY_COST)).not.toBe(stored);
  });

  it('are made at production cost unless a test or STAFF_PASSWORD_COST=test says otherwise', () => {
    expect(PRODUCTION_COST).toEqual({ N: 2 ** 16, r: 8, p: 2 });
    expect(passwordCost('production')).toBe(PRODUCTION_COST);
    expect(passwordCost('test')).toBe(TEST_ONLY_COST);
    expect(TEST_ONLY_COST.N).toBeLessThan(PRODUCTION_COST.N);
  });

  it('refuses any other cost', async () => {
    await expect(hashPassword('correct horse battery', { N: 2, r: 1, p: 1 })).rejects.toThrow('Unknown');
  });
});
