/** What a content upgrade is (src/content/upgrades/index.ts): a stored document made into the next version's. */

/** A document as stored: JSON, its shape that of the version it was written by. */
export type Json = { [key: string]: unknown };

export const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type ContentUpgrade = {
  /** Its file's name, said when it fails. */
  name: string;
  /**
   * The document of the version before, as the next version's. `starting` is the starting
   * content (src/content/), for a part the document lacks and the site now needs.
   */
  up: (document: Json, starting: Json) => Json;
};
