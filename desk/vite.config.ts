/**
 * The enquiry desk (/staff): a single-page app of its own, built apart from the public
 * site so that no public page loads any of its code. `npm run build` builds it into
 * build/desk; the server serves it at /staff for staff only to use (noindex).
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { FRAMEWORK_CHUNK } from '../scripts/framework-chunk.ts';
import { deskAntdCss } from '../scripts/vite-plugin-antd-css.ts';
import { compressedAssets } from '../scripts/vite-plugin-compressed-assets.ts';

export default defineConfig({
  root: import.meta.dirname,
  base: '/staff/',
  // antd's styles made at build time (desk/src/app/theme.ts), and the scripts' and styles' best
  // compressed forms written beside them, sent as they are (server/routes/desk/app.ts).
  plugins: [deskAntdCss(), compressedAssets()],
  build: {
    outDir: '../build/desk',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      // The service worker is a script of its own, at a fixed address (its scope is /staff/).
      input: { index: resolve(import.meta.dirname, 'index.html'), sw: resolve(import.meta.dirname, 'src/sw.ts') },
      // antd marks its modules "use client" for React Server Components; meaningless in this app.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
        // A page's chunk by its page: pages/enquiry/index.page.tsx is enquiry-[hash].js, pages/inbox.page.tsx inbox-[hash].js.
        chunkFileNames: (chunk) => {
          const page = chunk.facadeModuleId?.match(/pages\/(?:(.+)\/index|(.+))\.page\.tsx$/);
          return `assets/${page ? (page[1] ?? page[2] ?? '').replaceAll('/', '-') : '[name]'}-[hash].js`;
        },
        codeSplitting: {
          groups: [
            FRAMEWORK_CHUNK,
            // The desk's own small modules every signed-in page loads (its API, session, formats):
            // one chunk, not a dozen, whose every request and gzip header counts on a phone.
            {
              name: 'desk',
              test: /desk\/src\/lib\/(api|session|format|options|lead-queue|live|return-path|push-message)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
