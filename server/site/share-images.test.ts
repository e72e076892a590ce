import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SharePicture } from '../../shared/share-image';
import { drawShareImage, ShareImages, shareImagesNamed } from './share-images';

const picture = (title: string, facts: string[] = ['Fee per year: ₹1,20,000']): SharePicture => ({
  wordmark: { name: 'विद्यार्थी अकादमी', tagline: 'NEET · JEE Main · Foundation' },
  title,
  facts,
  domain: 'vidyarthi-academy.example',
  mark: [{ d: 'M0 0H48V48H0Z', fill: '#096dd9' }],
  colors: { primary: '#1890ff', primaryText: '#096dd9' },
});

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('share images', () => {
  it('are the same picture, byte for byte, whatever the process drew before (each instance draws its own)', async () => {
    const first = await drawShareImage(picture('JEE Main'));
    await drawShareImage(picture('जेईई मेन', ['शुल्क प्रति वर्ष: ₹1,20,000']));
    const again = await drawShareImage(picture('JEE Main'));
    expect(again.equals(first)).toBe(true);
    expect(first.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect({ width: first.readUInt32BE(16), height: first.readUInt32BE(20) }).toEqual({ width: 1200, height: 630 });
  }, 60_000);

  it('are drawn only when new, and a drawn one is kept while the pages or those before the last change name it', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'share-images-'));
    dirs.push(clientDir);
    mkdirSync(join(clientDir, 'assets/share'), { recursive: true });
    writeFileSync(join(clientDir, 'assets/share/en-home-00000001.png'), 'built');
    const images = new ShareImages(clientDir);
    const built = { file: 'assets/share/en-home-00000001.png', picture: picture('Home') };
    const [a, b, c] = ['a', 'b', 'c'].map((name) => ({
      file: `assets/share/en-courses-jee-0000000${name}.png`,
      picture: picture(`JEE ${name}`),
    }));
    if (!a || !b || !c) throw new Error('unreachable');

    // The build's picture is never drawn again.
    expect((await images.draw([built, a])).drawn).toEqual([a.file]);
    expect(images.get(built.file)?.toString()).toBe('built');
    images.served([built.file, a.file]);
    expect((await images.draw([built, a])).drawn).toEqual([]);

    await images.draw([b]);
    images.served([built.file, b.file]);
    expect(images.get(a.file)).toBeDefined(); // the pages served before still named it
    await images.draw([c]);
    images.served([built.file, c.file]);
    expect(images.get(a.file)).toBeUndefined();
    expect(images.get(b.file)).toBeDefined();
    // A rendering that changed no picture lets nothing go.
    images.served([built.file, c.file]);
    expect(images.get(b.file)).toBeDefined();
    expect(images.get(built.file)).toBeDefined();
  }, 60_000);

  it('named by a page are read from its og:image', () => {
    const html =
      '<meta property="og:image" content="https://vidyarthi-academy.example/assets/share/hi-home-0a1b2c3d.png"/><meta property="og:image:alt" content="x"/>';
    expect(shareImagesNamed(html)).toEqual(['assets/share/hi-home-0a1b2c3d.png']);
  });
});
