/**
 * The image pipeline's presets (shared/photos.ts: the build and the server, which makes uploaded
 * photos, read the same ones) and where the build's photos live: a photo for a use is a file in
 * src/assets/photos/<use>/ (src/content/photos.ts finds it there), or one staff uploaded.
 */
import type { PhotoUse } from '../../shared/photos';

export { isPhotoUse, photoFormats, type PhotoUse, photoUses } from '../../shared/photos';

/** The folder a use's photos live in, relative to the project root. */
export const photoFolder = (use: PhotoUse) => `src/assets/photos/${use}`;
