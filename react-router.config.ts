import type { Config } from '@react-router/dev/config';
import { writeSeoFiles } from './scripts/seo-files';
import { startScriptsAfterPaintInBuild } from './scripts/start-after-paint';
import { languages, localizedPath } from './src/config/languages';
import { paths, sitePaths } from './src/config/paths';

export default {
  appDirectory: 'src',
  // No rendering at request time: every page, in every language, is rendered to HTML
  // at build time (its loaders run then) and hydrates into the client-side router.
  ssr: false,
  prerender: languages.flatMap((language) =>
    [...sitePaths, paths.thankYou, paths.notFound].map((path) => localizedPath(language, path)),
  ),
  buildEnd: ({ viteConfig }) => {
    startScriptsAfterPaintInBuild(viteConfig.build.outDir);
    writeSeoFiles(viteConfig.build.outDir);
  },
} satisfies Config;
