/**
 * The pages' best compression is made off the visitors' thread, in a thread at the lowest
 * priority there is (server/site/renderer.ts): on a busy machine a visitor's request goes first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedBest } from './renderer';

/** The nice value of each of this process's threads (/proc/self/task/…/stat, field 19). */
const threadNices = () =>
  readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });

describe('the best compression', () => {
  it.skipIf(process.platform !== 'linux')('is made in a thread at nice +19, and is the page', async () => {
    const html = Buffer.from('<section><h2>JEE Main</h2><p>Fee ₹1,20,000 a year.</p></section>'.repeat(500));
    const best = await compressedBest(html);
    expect(brotliDecompressSync(best.br).equals(html)).toBe(true);
    expect(gunzipSync(best.gzip).equals(html)).toBe(true);
    expect(threadNices()).toContain(19);
  });
});
