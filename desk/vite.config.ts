/**
 * The enquiry desk (/staff): a single-page app of its own, built apart from the public
 * site so that no public page loads any of its code. `npm run build` builds it into
 * build/desk; the server serves it at /staff for staff only to use (noindex).
 */
import { defineConfig } from 'vite';
import { FRAMEWORK_CHUNK } from '../scripts/framework-chunk.ts';

export default defineConfig({
  root: import.meta.dirname,
  base: '/staff/',
  build: {
    outDir: '../build/desk',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      // antd marks its modules "use client" for React Server Components; meaningless in this app.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [
            FRAMEWORK_CHUNK,
            // The desk's own small modules every signed-in page loads (its API, routes, session,
            // formats): one chunk, not a dozen, whose every request and gzip header counts on a phone.
            { name: 'desk', test: /desk\/src\/(api|routes|session|format|options|lead-queue|live|return-path)\.tsx?$/ },
          ],
        },
      },
    },
  },
});
