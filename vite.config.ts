import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { antdStaticCss } from './scripts/vite-plugin-antd-css';

export default defineConfig({
  plugins: [antdStaticCss(), reactRouter()],
  build: {
    // Chromium on mid-range Android phones is evergreen; no legacy transforms.
    target: 'es2022',
    // build/client/.vite/manifest.json: bench/bundle.ts reads it to find lazily loaded chunks.
    manifest: true,
  },
});
