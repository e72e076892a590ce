/**
 * The image pipeline's presets, one description for the build (scripts/vite-plugin-photos.ts,
 * files in src/assets/photos/) and the server (server/uploads/photos.ts, photos staff upload):
 * for each use of a photograph, the widths and formats made and the `sizes` and `media` the page
 * asks for them with, so the two pipelines and the page cannot drift apart.
 */

/**
 * Best first: the browser takes the first source it can decode; JPEG is the fallback every browser
 * has. Spelt as in MIME types and in vite-imagetools' `Picture.sources`.
 */
export const photoFormats = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof photoFormats)[number];

export const photoUses = {
  /** A teacher's portrait in a faculty card: the 52 px circle the initials avatar fills otherwise (.avatar). */
  portrait: { widths: [52, 104, 156], aspect: '1:1', sizes: '52px', media: undefined },
  /**
   * The home page's hero photo in the 400 px column beside the heading, on wide screens only
   * (as the artwork it replaces): phones download none of it, so their first screen is unchanged.
   */
  hero: { widths: [400, 600, 800], aspect: '4:3', sizes: '400px', media: '(min-width: 992px)' },
  /**
   * A student's photo on their testimonial (testimonials.tsx): a 96 px circle beside the name and
   * the result, large enough to know the face on a phone (the portrait's 52 px is a teacher's
   * avatar), lazy like every photo below the first screen.
   */
  student: { widths: [96, 192, 288], aspect: '1:1', sizes: '96px', media: undefined },
} as const satisfies Record<string, { widths: readonly number[]; aspect: string; sizes: string; media?: string }>;

export type PhotoUse = keyof typeof photoUses;

export const isPhotoUse = (value: string | null | undefined): value is PhotoUse =>
  typeof value === 'string' && Object.hasOwn(photoUses, value);

/** A use's aspect ratio as numbers: '4:3' → [4, 3]. */
export function aspectOf(use: PhotoUse): [number, number] {
  const [width = 1, height = 1] = photoUses[use].aspect.split(':').map(Number);
  return [width, height];
}

/** The height of a use's picture `width` pixels wide (rounded as sharp and vite-imagetools round it). */
export const heightAt = (use: PhotoUse, width: number) => {
  const [w, h] = aspectOf(use);
  return Math.round((width * h) / w);
};

/** The file name of an uploaded photo's variant: `portrait-104.avif`. */
export const variantName = (use: PhotoUse, width: number, format: PhotoFormat) => `${use}-${width}.${format}`;
