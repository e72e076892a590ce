import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { FRAMEWORK_CHUNK } from './scripts/framework-chunk.ts';
import { antdStaticCss } from './scripts/vite-plugin-antd-css.ts';
import { photoPipeline } from './scripts/vite-plugin-photos.ts';

export default defineConfig({
  plugins: [antdStaticCss(), photoPipeline(), reactRouter()],
  build: {
    // Chromium on mid-range Android phones is evergreen; no legacy transforms.
    target: 'es2022',
    // build/client/.vite/manifest.json: bench/bundle.ts reads it to find lazily loaded chunks.
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for the first visit: on a slow mobile connection each request
        // costs a round trip, and HTTP/1.1 fetches only six at a time.
        codeSplitting: {
          groups: [
            FRAMEWORK_CHUNK,
            {
              name: 'app',
              test: (id) => /\/src\/(content|lib|components)\//.test(id) && !id.includes('/enquiry-form/'),
            },
          ],
        },
      },
    },
  },
});
