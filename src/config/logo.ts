/**
 * The institute's mark, described once: an open book with a rising star, on the brand
 * blue. The build renders the favicons (favicon.svg is also the mark in the header and
 * footer: src/components/layout/logo.tsx), the home-screen icons and the share images
 * from it (scripts/brand-files.ts, server/site/share-images.ts). The wordmark beside it is
 * text, in the page's language (site.logo in the content files).
 */
import { brand } from './theme';

export const logoMark = {
  viewBox: '0 0 48 48',
  shapes: [
    {
      d: 'M0 11A11 11 0 0 1 11 0H37A11 11 0 0 1 48 11V37A11 11 0 0 1 37 48H11A11 11 0 0 1 0 37Z',
      fill: brand.primaryText,
    },
    { d: 'M24 17.5C20 14.2 14.6 13.6 9.5 15.2V35.6C14.6 34 20 34.6 24 37.9Z', fill: '#ffffff' },
    { d: 'M24 17.5C28 14.2 33.4 13.6 38.5 15.2V35.6C33.4 34 28 34.6 24 37.9Z', fill: '#e6f4ff' },
    { d: 'M24 4.5l1.9 4.6 4.6 1.9-4.6 1.9L24 17.5l-1.9-4.6-4.6-1.9 4.6-1.9z', fill: '#ffc53d' },
  ],
} as const;

/** The mark as a standalone SVG document (favicon.svg, and the source of every rendered icon). */
export function logoMarkSvg(size?: number): string {
  const dimensions = size ? ` width="${size}" height="${size}"` : '';
  const paths = logoMark.shapes.map(({ d, fill }) => `<path d="${d}" fill="${fill}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${logoMark.viewBox}"${dimensions}>${paths}</svg>`;
}
