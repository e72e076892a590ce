/**
 * A page's share image (og:image) as a picture: everything it shows, described by the site
 * (src/content/share-images.ts, which names its file from this) and drawn from this alone by
 * server/site/share-images.ts, at build time and by the server when it renders the pages again. Two
 * drawings of one description are the same picture, so a file's name says what is in it.
 */

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Chat apps drop a preview image over about 300 KB; we keep well under half that (150 KB). */
export const SHARE_IMAGE_MAX_BYTES = 150_000;

/** Where share images are served: /assets/share/<language>-<page>-<fingerprint>.png. */
export const SHARE_IMAGE_DIR = 'assets/share';

export type SharePicture = {
  /** The wordmark beside the mark, in the page's language. */
  wordmark: { name: string; tagline: string };
  /** The page's name, as large as fits in three lines. */
  title: string;
  /** As many as fit above the footer, one a line. */
  facts: string[];
  /** The site's host name, in the footer. */
  domain: string;
  /** The logo's mark (48 × 48 units) and the brand's colours. */
  mark: readonly { d: string; fill: string }[];
  colors: { primary: string; primaryText: string };
};

/** A share image to serve: its file (relative to the built site) and what it shows. */
export type ShareImageFile = { file: string; picture: SharePicture };
