import type { Config } from '@react-router/dev/config';
import { writeSeoFiles } from './scripts/seo-files';
import { paths, sitePaths } from './src/config/paths';

export default {
  appDirectory: 'src',
  // No rendering at request time: every page is rendered to HTML at build time
  // and hydrates into the client-side router.
  ssr: false,
  prerender: [...sitePaths, paths.thankYou, paths.notFound],
  buildEnd: ({ viteConfig }) => writeSeoFiles(viteConfig.build.outDir),
} satisfies Config;
