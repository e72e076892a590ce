/**
 * The best compressed forms of a Vite build's scripts, styles and SVGs, written beside them once the
 * build is (server/site/compression.ts writeCompressedAssets), for the server to send as they are.
 * The desk's build uses it (desk/vite.config.ts); the site's writes them in its buildEnd
 * (react-router.config.ts), after its prerendering.
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { writeCompressedAssets } from '../server/site/compression.ts';

export function compressedAssets(): Plugin {
  return {
    name: 'compressed-assets',
    apply: 'build',
    writeBundle: async ({ dir }) => {
      if (dir) await writeCompressedAssets(join(dir, 'assets'));
    },
  };
}
