/**
 * Numbered content upgrades, as the database has migrations (issue 39). An editor's version is
 * the content as the code of its day wrote it; each upgrade here turns a document of one schema
 * version into the next, so a version stored long ago renders, opens in the editor, previews,
 * publishes and restores with today's code, on every instance. A document records its version
 * (`schemaVersion`; none: 0, from before upgrades). The starting content (src/content/) is the
 * first document, at the latest version. A new upgrade is a new file, named here at the end.
 */
import { eventsAndScholarship } from './001-events-and-scholarship';
import { feesRefundsAndNotices } from './002-fees-refunds-and-notices';
import { testimonialPhotosAndConsents } from './003-testimonial-photos-and-consents';
import { type ContentUpgrade, isJson, type Json } from './upgrade';

const upgrades: readonly ContentUpgrade[] = [eventsAndScholarship, feesRefundsAndNotices, testimonialPhotosAndConsents];

/** The schema version today's code writes: a document at it needs no upgrade. */
export const CONTENT_SCHEMA_VERSION = upgrades.length;

/** An upgrade threw: which one, on which version; the document is left as it was. */
export class ContentUpgradeFailed extends Error {
  constructor(
    readonly upgrade: string,
    readonly from: number,
    cause: unknown,
  ) {
    super(
      `The content upgrade ${upgrade} failed on a version ${from} document: ${(cause as Error)?.message ?? cause}`,
      {
        cause,
      },
    );
  }
}

/**
 * `document` at today's schema version: every upgrade from its own version applied in turn (a
 * document from a newer code is left as it is). Not a document (nothing stored): as given.
 */
export function upgradeContent<Document>(
  document: Document,
  starting: unknown,
  /** The upgrades in order (the tests give their own to see a failure reported). */
  using: readonly ContentUpgrade[] = upgrades,
): Document {
  if (!isJson(document) || !isJson(starting)) return document;
  const from = typeof document.schemaVersion === 'number' ? document.schemaVersion : 0;
  let upgraded: Json = document;
  for (const [index, upgrade] of using.entries()) {
    if (index < from) continue;
    try {
      upgraded = upgrade.up(upgraded, starting);
    } catch (error) {
      throw new ContentUpgradeFailed(upgrade.name, index, error);
    }
  }
  return { ...upgraded, schemaVersion: Math.max(from, using.length) } as Document;
}
