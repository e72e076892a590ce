import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '@react-router/dev/config';
import { writeBrandFiles } from './scripts/brand-files';
import { writeSeoFiles } from './scripts/seo-files';
import { writeShareImages } from './scripts/share-images';
import { htmlFiles, startScriptsAfterPaintInBuild } from './server/site/start-after-paint';
import { writeBestForms, writeCompressedAssets } from './server/site/compression';
import { languages, localizedPath } from './shared/languages';
import { RENDER_DAY_FILE } from './shared/paths';
import { prerenderedPaths } from './src/pages';
import { localDate } from './shared/institute-calendar';

export default {
  appDirectory: 'src',
  // No rendering at request time: every page, in every language, is rendered to HTML
  // at build time (its loaders run then) and hydrates into the client-side router.
  ssr: false,
  prerender: languages.flatMap((language) => prerenderedPaths.map((path) => localizedPath(language, path))),
  buildEnd: async ({ reactRouterConfig }) => {
    const clientDirectory = join(reactRouterConfig.buildDirectory, 'client');
    // The day the pages were just rendered for: the server renders them again only on another day.
    const day = localDate(new Date());
    writeFileSync(join(reactRouterConfig.buildDirectory, 'server', RENDER_DAY_FILE), day);
    startScriptsAfterPaintInBuild(clientDirectory);
    // The pages are final: their best compressed forms beside them, so a starting server compresses
    // nothing; and the scripts' and styles', so no request compresses them.
    await Promise.all([
      ...htmlFiles(clientDirectory)
        .filter((file) => file.endsWith('index.html'))
        .map(writeBestForms),
      writeCompressedAssets(join(clientDirectory, 'assets')),
    ]);
    writeSeoFiles(clientDirectory);
    await writeBrandFiles(clientDirectory);
    await writeShareImages(clientDirectory, day);
  },
} satisfies Config;
