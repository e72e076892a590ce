import { photoFormats, type PhotoUse, photoUses } from '../config/photos';
import type { ShownPhoto } from '../content/photos';

/** Shown where a use's `media` does not match: one transparent pixel, so nothing is downloaded there. */
const NOTHING = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

type PhotoProps = {
  photo: ShownPhoto;
  use: PhotoUse;
  /**
   * In the first screen: fetched at once with high priority and decoded at once. The browser's
   * preload scanner finds it in the HTML, so no `<link rel="preload">`: Chromium on a phone
   * fetches a preload's image even when its `media` says wide screens only (seen in
   * tests/e2e/photos.spec.ts), while it skips a `<source>` whose `media` does not match.
   * Otherwise lazy: fetched only as the visitor scrolls near it.
   */
  priority?: boolean;
  className?: string;
};

/**
 * A photograph from the image pipeline: AVIF, then WebP, then JPEG, each at every width the use
 * makes, so the browser picks the smallest that fills the slot; width and height always set, so
 * the page does not move when it arrives.
 */
export function Photo({ photo, use, priority = false, className }: PhotoProps) {
  const { sizes, media } = photoUses[use];
  const { sources, img } = photo.picture;
  // A format made at one width only has no srcset of its own: its one file is the fallback.
  const srcSets = photoFormats
    .map((format) => ({ format, srcSet: sources[format] ?? (format === 'jpeg' ? `${img.src} ${img.w}w` : undefined) }))
    .filter((source): source is { format: (typeof photoFormats)[number]; srcSet: string } => !!source.srcSet);
  return (
    <picture className={className}>
      {srcSets.map(({ format, srcSet }) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet} sizes={sizes} media={media} />
      ))}
      <img
        src={media ? NOTHING : img.src}
        width={img.w}
        height={img.h}
        alt={photo.alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}
