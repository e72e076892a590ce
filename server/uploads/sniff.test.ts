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

  it('is taken when it starts and ends as a PDF and carries no script or automatic action', () => {
    expect(() => checkPdf(pdf('1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj'))).not.toThrow();
  });

  it('is refused when it is not one, is cut short, or carries script (however its names are spelt)', () => {
    expect(() => checkPdf(bytes('<html>%PDF-1.7 %%EOF'))).toThrow(/not a PDF/);
    expect(() => checkPdf(bytes('%PDF-1.7\n1 0 obj<<>>'))).toThrow(/incomplete/);
    for (const active of [
      '/OpenAction<</S/JavaScript/JS(app.alert(1))>>',
      '/Names<</JavaScript 5 0 R>>',
      '/J#61vaScript 5 0 R',
      '/AA<</O 4 0 R>>',
      '/Launch<</F(cmd.exe)>>',
      '/EmbeddedFile 3 0 R',
    ]) {
      expect(() => checkPdf(pdf(`1 0 obj<</Type/Catalog${active}>>endobj`)), active).toThrow(PdfRefused);
    }
    // A name that merely starts the same is not one of them (/JSON, /AAA are not actions).
    expect(() => checkPdf(pdf('1 0 obj<</JSON 1/AAA 2>>endobj'))).not.toThrow();
  });
});
