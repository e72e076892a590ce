/** A year in seconds: how long browsers keep a hashed asset, and how long they remember HSTS. */
export const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** Cache-Control for a file whose name carries its content hash: kept a year, never revalidated. */
export const HASHED_ASSET_CACHE = `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
