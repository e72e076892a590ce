/**
 * Numbered content upgrades, as the database has migrations (issue 39). An editor's version is
 * the content as the code of its day wrote it; each upgrade here turns a document of one schema
 * version into the next, so a version stored long ago renders, opens in the editor, previews,
 * publishes and restores with today's code, on every instance. A document records its version
 * (`schemaVersion`; none: 0, from before upgrades). The starting content (src/content/) is the
 * first document, at the latest version.
 *
 * A new upgrade is a new file in this folder, numbered after the last (`004-what-it-does.ts`),
 * exporting `upgrade` named as its file: it is found, not listed.
 */
import { modulesIn } from '../modules-in';
import { type ContentUpgrade, isJson, type Json } from './upgrade';

type UpgradeModule = { upgrade: ContentUpgrade };
const NUMBERED = /^(\d{3})-[\w-]+\.ts$/;

/**
 * The numbered files, by file name. Where Vite builds or tests the code (the site's render, the
 * tests) its glob finds them; the server runs under Node (tsx), which reads this folder.
 */
const found: Record<string, UpgradeModule> = import.meta.env
  ? import.meta.glob<UpgradeModule>('./[0-9][0-9][0-9]-*.ts', { eager: true })
  : await modulesIn<UpgradeModule>(import.meta.url, (file) => NUMBERED.test(file));

/** The upgrades in their files' order: each file numbered one after the one before, its upgrade named as the file. */
export function upgradesIn(files: Record<string, UpgradeModule>): ContentUpgrade[] {
  return Object.keys(files)
    .map((path) => path.replace(/^.*\//, ''))
    .sort()
    .map((file, index) => {
      const number = Number(NUMBERED.exec(file)?.[1]);
      const { upgrade } = files[`./${file}`] ?? {};
      if (number !== index + 1) throw new Error(`Content upgrade ${file} should be numbered ${index + 1}.`);
      if (upgrade?.name !== file.replace(/\.ts$/, ''))
        throw new Error(`Content upgrade ${file} should export \`upgrade\` named ${file.replace(/\.ts$/, '')}.`);
      return upgrade;
    });
}

const upgrades: readonly ContentUpgrade[] = upgradesIn(found);

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
