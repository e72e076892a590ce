/**
 * The image pipeline's presets: for each use of a photograph, the widths and formats the build
 * makes (scripts/vite-plugin-photos.ts, with vite-imagetools and sharp) and the `sizes` and `media`
 * the page asks for them with, described together so the two cannot drift apart.
 * A photo for a use lives in src/assets/photos/<use>/ (src/content/photos.ts finds it there).
 */

/**
 * Best first: the browser takes the first source it can decode; JPEG is the fallback every browser
 * has. Spelt as in MIME types and in vite-imagetools' `Picture.sources`.
 */
export const photoFormats = ['avif', 'webp', 'jpeg'] as const;

export const photoUses = {
  /** A teacher's portrait in a faculty card: the 52 px circle the initials avatar fills otherwise (.avatar). */
  portrait: { widths: [52, 104, 156], aspect: '1:1', sizes: '52px', media: undefined },
  /**
   * The home page's hero photo in the 400 px column beside the heading, on wide screens only
   * (as the artwork it replaces): phones download none of it, so their first screen is unchanged.
   */
  hero: { widths: [400, 600, 800], aspect: '4:3', sizes: '400px', media: '(min-width: 992px)' },
} as const satisfies Record<string, { widths: readonly number[]; aspect: string; sizes: string; media?: string }>;

export type PhotoUse = keyof typeof photoUses;

/** The folder a use's photos live in, relative to the project root. */
export const photoFolder = (use: PhotoUse) => `src/assets/photos/${use}`;

export const isPhotoUse = (value: string | null): value is PhotoUse =>
  value !== null && Object.hasOwn(photoUses, value);

/** The vite-imagetools directives for one use: every width in every format, as a `<picture>` description. */
export function photoDirectives(use: PhotoUse): URLSearchParams {
  const { widths, aspect } = photoUses[use];
  return new URLSearchParams({
    w: widths.join(';'),
    aspect,
    format: photoFormats.join(';'),
    as: 'picture',
  });
}
