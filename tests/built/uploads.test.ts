/**
 * Uploads (server/routes/desk/uploads.ts, server/routes/public/media.ts) over the real build: a phone's
 * JPEG with its location in EXIF becomes the portrait's AVIF, WebP and JPEG with no metadata at
 * all; what a file is comes from its bytes (an SVG called .jpg, a PNG called .pdf, HTML called
 * .pdf are refused, with words); too large is refused with words; editors and admins only, from
 * the desk's own origin; the files are served so that nothing can run script; and a version that
 * names an uploaded portrait shows it on the about page in both languages, once its alt text is
 * there in both.
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRoleValue } from '../../shared/schema/desk-vocabulary';
import { photoFormats, photoUses } from '../../shared/photos';
import type { SiteContent } from '../../src/content/site-content';
import { localizedPath, paths } from '../support/site';
import { DESK_ORIGIN, deskOverBuild, PUBLICATION_TEST_MS, servedWhen } from './built-site';

const TEACHER = 'meenakshi-rathore';

/** A 12-megapixel phone photo, taken sideways (EXIF orientation 6), with the camera's make and where it was taken. */
async function phonePhoto({ width = 4000, height = 3000 } = {}) {
  const grain = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return sharp(grain)
    .resize(width, height)
    .jpeg({ quality: 88 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '75/1 47/1 0/1' },
    })
    .toBuffer();
}
/** The GPS IFD pointer tag (0x8825), as EXIF writes it little-endian. */
const GPS_TAG = Buffer.from([0x25, 0x88]);

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

type Uploaded = {
  id: string;
  width: number;
  height: number;
  files: { name: string; url: string; contentType: string; bytes: number }[];
  reference: Record<string, unknown>;
};

describe('uploads', () => {
  let app: FastifyInstance;
  let cookies: Record<StaffRoleValue, string>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, cookies, close } = await deskOverBuild());
  });
  afterAll(() => close());

  const upload = (
    use: string,
    payload: Buffer,
    { cookie = cookies.editor, type = 'image/jpeg', name = 'IMG_0042.jpg', origin = DESK_ORIGIN as string | null } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/staff/uploads?use=${use}&name=${encodeURIComponent(name)}`,
      headers: { cookie, 'content-type': type, ...(origin ? { origin } : {}) },
      payload,
    });

  it(
    'makes a phone photo into the portrait’s widths in AVIF, WebP and JPEG, upright, with no EXIF and no location',
    async () => {
      const sent = await phonePhoto();
      const before = await sharp(sent).metadata();
      expect(before.exif?.includes(GPS_TAG)).toBe(true);
      expect(before.exif?.includes('TestPhone')).toBe(true);

      const started = performance.now();
      const reply = await upload('portrait', sent);
      const ms = performance.now() - started;
      expect(reply.statusCode, reply.body).toBe(201);
      const made = reply.json() as Uploaded;
      // Taken sideways: upright it is 3000 × 4000.
      expect([made.width, made.height]).toEqual([3000, 4000]);
      expect(made.reference).toEqual({
        upload: made.id,
        use: 'portrait',
        widths: [52, 104, 156],
        width: 156,
        height: 156,
      });
      expect(made.files.map((file) => file.name).sort()).toEqual(
        photoUses.portrait.widths
          .flatMap((width) => photoFormats.map((format) => `portrait-${width}.${format}`))
          .sort(),
      );
      const sizes: string[] = [];
      for (const file of made.files) {
        const served = await app.inject({ url: file.url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(file.contentType);
        const bytes = served.rawPayload;
        const metadata = await sharp(bytes).metadata();
        expect(metadata.format === 'heif' ? 'avif' : metadata.format).toBe(file.name.split('.').at(-1));
        expect([metadata.width, metadata.height], file.name).toEqual([
          Number(/-(\d+)\./.exec(file.name)?.[1]),
          Number(/-(\d+)\./.exec(file.name)?.[1]),
        ]);
        expect(metadata.exif, file.name).toBeUndefined();
        expect(metadata.orientation, file.name).toBeUndefined();
        expect(metadata.icc, file.name).toBeUndefined();
        expect(bytes.includes('TestPhone'), file.name).toBe(false);
        expect(bytes.includes('Exif'), file.name).toBe(false);
        sizes.push(`${file.name} ${bytes.length} B`);
      }
      console.info(
        `12 MP phone photo (${sent.length} B) made into ${made.files.length} files in ${Math.round(ms)} ms: ${sizes.join(', ')}`,
      );
      const trail = await app.inject({ url: '/api/staff/activity', headers: { cookie: cookies.admin } });
      expect(JSON.stringify(trail.json())).toContain('upload-added');
    },
    PUBLICATION_TEST_MS,
  );

  it('reads what a file is from its bytes: an SVG sent as a JPEG, a PNG or HTML called a PDF, are refused with words', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script><rect width="400" height="400"/></svg>',
    );
    const svgAsJpeg = await upload('portrait', svg, { name: 'face.jpg' });
    expect(svgAsJpeg.statusCode).toBe(400);
    expect(svgAsJpeg.json()).toEqual({ error: expect.stringMatching(/not a JPEG, PNG or WebP photo.*SVG/) });

    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const pngAsPdf = await upload('prospectus', png, { type: 'application/pdf', name: 'prospectus.pdf' });
    expect(pngAsPdf.statusCode).toBe(400);
    expect(pngAsPdf.json()).toEqual({ error: expect.stringMatching(/not a PDF \(it is a PNG image\)/) });

    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script>%PDF-1.4 %%EOF</body></html>');
    const htmlAsPdf = await upload('prospectus', html, { type: 'application/pdf', name: 'prospectus.pdf' });
    expect(htmlAsPdf.statusCode).toBe(400);
    expect(htmlAsPdf.json()).toEqual({ error: expect.stringMatching(/not a PDF/) });

    const withScript = Buffer.from(
      PDF.toString().replace('/Type/Catalog', '/Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>'),
    );
    const scripted = await upload('prospectus', withScript, { type: 'application/pdf' });
    expect(scripted.statusCode).toBe(400);
    expect(scripted.json()).toEqual({ error: expect.stringMatching(/contains (JavaScript|an automatic action)/) });

    // A PNG is a photo: taken as a portrait (the PNG's name and Content-Type do not matter).
    const pngPortrait = await upload('portrait', png, { type: 'application/pdf', name: 'x.pdf' });
    expect(pngPortrait.statusCode, pngPortrait.body).toBe(201);
    // Too small for a hero (800 px wide).
    const small = await upload('hero', png);
    expect(small.statusCode).toBe(400);
    expect(small.json()).toEqual({ error: expect.stringMatching(/too small/) });
  });

  it('refuses a file over 10 MB with words, and anyone but an editor or admin on the desk itself', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload('portrait', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ error: expect.stringMatching(/larger than 10 MB/) });
    // Whoever may not upload is refused before the body is read (not told it is too large).
    expect((await upload('portrait', big, { cookie: '' })).statusCode).toBe(401);
    expect((await upload('portrait', big, { cookie: cookies.counsellor })).statusCode).toBe(403);
    expect((await upload('portrait', big, { origin: null })).statusCode).toBe(403);

    expect((await upload('prospectus', PDF, { cookie: cookies.counsellor })).statusCode).toBe(403);
    expect((await upload('prospectus', PDF, { cookie: '' })).statusCode).toBe(401);
    // The editor's own cookie, from another site or from no page at all: refused.
    expect((await upload('prospectus', PDF, { origin: null })).statusCode).toBe(403);
    expect((await upload('prospectus', PDF, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await upload('prospectus', PDF, { cookie: cookies.admin })).statusCode).toBe(201);
  });

  it('serves each file so that nothing uploaded can run script: its type, nosniff, a sandbox, cached for good', async () => {
    const reply = await upload('prospectus', PDF, { type: 'application/octet-stream', name: 'Prospectus 2027.pdf' });
    expect(reply.statusCode, reply.body).toBe(201);
    const { files } = reply.json() as Uploaded;
    const [pdf] = files;
    if (!pdf) throw new Error('no file');
    const served = await app.inject({ url: pdf.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'inline; filename="prospectus.pdf"',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(served.rawPayload.equals(PDF)).toBe(true);
    const again = await app.inject({ url: pdf.url, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
    for (const url of [
      pdf.url.replace('prospectus.pdf', 'other.pdf'),
      '/media/00000000-0000-4000-8000-000000000000/prospectus.pdf',
      '/media/not-an-id/prospectus.pdf',
    ]) {
      const missing = await app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-security-policy'], url).toBe("default-src 'none'; sandbox");
    }
  });

  it(
    'shows a published uploaded portrait on the about page in both languages; without Hindi alt text it is refused',
    async () => {
      const made = (await upload('portrait', await phonePhoto({ width: 1200, height: 900 }))).json() as Uploaded;
      const opened = (await app.inject({ url: '/api/staff/content', headers: { cookie: cookies.editor } })).json() as {
        version: string | null;
        document: SiteContent;
      };
      const document = structuredClone(opened.document);
      document.institute.teacherPortraits[TEACHER] =
        made.reference as SiteContent['institute']['teacherPortraits'][string];
      const teacher = (language: 'en' | 'hi') => {
        const words = document.copy[language].teachers[TEACHER];
        if (!words) throw new Error(`no ${language} words for ${TEACHER}`);
        return words;
      };
      teacher('en').portraitAlt = 'Dr. Meenakshi Rathore at the Biology lab bench';
      const publish = () =>
        app.inject({
          method: 'PUT',
          url: '/api/staff/content',
          headers: { origin: DESK_ORIGIN, cookie: cookies.editor },
          payload: { basedOn: opened.version, document },
        });
      const refused = await publish();
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as { problems: string[] }).problems.join('\n')).toContain(
        `hi.teachers.${TEACHER}.portraitAlt`,
      );

      teacher('hi').portraitAlt = 'डॉ. मीनाक्षी राठौर, बायोलॉजी लैब में';
      // An upload that is not there (typed by hand, or from another site's database): refused, named.
      const missing = structuredClone(document);
      missing.institute.teacherPortraits[TEACHER] = {
        ...made.reference,
        upload: '00000000-0000-4000-8000-000000000000',
      } as never;
      const notThere = await app.inject({
        method: 'PUT',
        url: '/api/staff/content',
        headers: { origin: DESK_ORIGIN, cookie: cookies.editor },
        payload: { basedOn: opened.version, document: missing },
      });
      expect(notThere.statusCode).toBe(400);
      expect((notThere.json() as { problems: string[] }).problems.join('\n')).toMatch(
        new RegExp(`institute\\.teacherPortraits\\.${TEACHER}: the uploaded file .* is not there`),
      );

      const published = await publish();
      expect(published.statusCode, published.body.slice(0, 2000)).toBe(200);
      for (const [language, alt] of [
        ['en', 'Dr. Meenakshi Rathore at the Biology lab bench'],
        ['hi', 'डॉ. मीनाक्षी राठौर, बायोलॉजी लैब में'],
      ] as const) {
        const page = await servedWhen(app, localizedPath(language, paths.about), (body) => body.includes(made.id));
        const picture = /<picture[^>]*>[\s\S]*?<\/picture>/.exec(page.body)?.[0] ?? '';
        expect(picture, language).toContain(
          `type="image/avif" srcSet="/media/${made.id}/portrait-52.avif 52w, /media/${made.id}/portrait-104.avif 104w, /media/${made.id}/portrait-156.avif 156w"`,
        );
        expect(picture, language).toContain(`type="image/webp"`);
        expect(picture, language).toMatch(
          new RegExp(`<img src="/media/${made.id}/portrait-156.jpeg" width="156" height="156" alt="${alt}"`),
        );
      }
    },
    PUBLICATION_TEST_MS,
  );

  it(
    'links the contact page to a published prospectus, with its size, in both languages',
    async () => {
      const made = (
        await upload('prospectus', PDF, { type: 'application/pdf', name: 'Prospectus.pdf' })
      ).json() as Uploaded;
      const opened = (await app.inject({ url: '/api/staff/content', headers: { cookie: cookies.editor } })).json() as {
        version: string | null;
        document: SiteContent;
      };
      const document = structuredClone(opened.document);
      document.institute.prospectus = made.reference as SiteContent['institute']['prospectus'];
      const published = await app.inject({
        method: 'PUT',
        url: '/api/staff/content',
        headers: { origin: DESK_ORIGIN, cookie: cookies.editor },
        payload: { basedOn: opened.version, document },
      });
      expect(published.statusCode, published.body.slice(0, 2000)).toBe(200);
      for (const [language, words] of [
        ['en', 'Download the prospectus (PDF, 0.1 MB)'],
        ['hi', 'प्रॉस्पेक्टस डाउनलोड करें (PDF, 0.1 MB)'],
      ] as const) {
        const page = await servedWhen(app, localizedPath(language, paths.contact), (body) => body.includes(made.id));
        expect(page.body, language).toContain(
          `<a href="/media/${made.id}/prospectus.pdf" type="application/pdf">${words}</a>`,
        );
      }
    },
    PUBLICATION_TEST_MS,
  );
});
