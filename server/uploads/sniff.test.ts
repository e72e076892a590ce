import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPdf, PdfRefused } from './pdf';
import { sniff } from './sniff';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('what a file is, from its first bytes', () => {
  it('knows JPEG, PNG, WebP, HEIC and PDF by their signatures, and nothing else', () => {
    expect(sniff(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe('jpeg');
    expect(sniff(bytes([0x89], 'PNG\r\n\x1a\n'))).toBe('png');
    expect(sniff(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(sniff(bytes([0, 0, 0, 24], 'ftypheic'))).toBe('heic');
    expect(sniff(bytes('%PDF-1.7\n'))).toBe('pdf');
    for (const other of [
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '<?xml version="1.0"?><svg/>',
      '<!doctype html><title>x</title>',
      'GIF89a',
      'RIFF\0\0\0\0WAVE',
      ' %PDF-1.7',
      '',
    ]) {
      expect(sniff(bytes(other)), other).toBeUndefined();
    }
    // AVIF is an ISO BMFF file too, but not a phone's HEIC: not taken as one.
    expect(sniff(bytes([0, 0, 0, 24], 'ftypavif'))).toBeUndefined();
  });
});

describe('a prospectus PDF', () => {
  const pdf = (body: string) => bytes(`%PDF-1.7\n${body}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
  /** A one-page PDF as an exporter writes it, and the same with a script run on opening. */
  const onePage = (catalog: string) =>
    bytes(
      `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R${catalog}>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Size 4/Root 1 0 R>>\n%%EOF\n`,
    );
  const PLAIN = onePage('');
  const withScript = onePage('/OpenAction<</S/JavaScript/JS(app.alert(1))>>');

  it('is taken when it starts and ends as a PDF and carries no script or automatic action', async () => {
    await expect(checkPdf(PLAIN)).resolves.toBeUndefined();
    await expect(checkPdf(pdf('1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj'))).resolves.toBeUndefined();
  });

  it('is refused when it is not one, is cut short, or carries script (however its names are spelt)', async () => {
    await expect(checkPdf(bytes('<html>%PDF-1.7 %%EOF'))).rejects.toThrow(/not a PDF/);
    await expect(checkPdf(bytes('%PDF-1.7\n1 0 obj<<>>'))).rejects.toThrow(/incomplete/);
    for (const active of [
      '/OpenAction<</S/JavaScript/JS(app.alert(1))>>',
      '/Names<</JavaScript 5 0 R>>',
      '/J#61vaScript 5 0 R',
      '/AA<</O 4 0 R>>',
      '/Launch<</F(cmd.exe)>>',
      '/EmbeddedFile 3 0 R',
    ]) {
      await expect(checkPdf(pdf(`1 0 obj<</Type/Catalog${active}>>endobj`)), active).rejects.toThrow(PdfRefused);
    }
    // A name that merely starts the same is not one of them (/JSON, /AAA are not actions).
    await expect(checkPdf(pdf('1 0 obj<</JSON 1/AAA 2>>endobj'))).resolves.toBeUndefined();
  });

  it('is refused when it does not parse: HTML between a PDF’s first and last bytes (the review’s L1)', async () => {
    await expect(
      checkPdf(bytes('%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n%%EOF\n')),
    ).rejects.toThrow(/damaged/);
  });

  it('finds a script hidden in a compressed object stream', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdf-test-'));
    try {
      writeFileSync(join(dir, 'js.pdf'), withScript);
      execFileSync(
        'qpdf',
        ['--warning-exit-0', '--object-streams=generate', '--compress-streams=y', 'js.pdf', 'hidden.pdf'],
        { cwd: dir },
      );
      const hidden = readFileSync(join(dir, 'hidden.pdf'));
      // Nothing of it shows in the bytes as written.
      expect(hidden.toString('latin1')).not.toMatch(/JavaScript|OpenAction/);
      await expect(checkPdf(hidden)).rejects.toThrow(/JavaScript|automatic action/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
