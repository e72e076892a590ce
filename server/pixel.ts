/**
 * The Meta pixel's standard base code, added to every page when META_PIXEL_ID is
 * set. Two changes from Meta's snippet, so that each page is counted once:
 * `disablePushState` stops the pixel counting history changes itself (the router
 * does that, src/lib/use-page-view-tracking.ts), and the first PageView here is
 * the only one for the first page.
 */
export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';
export const PIXEL_HOSTS = ['https://connect.facebook.net', 'https://www.facebook.com'] as const;

export function pixelHeadScript(pixelId: string): string {
  return `<script>!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','${PIXEL_SCRIPT_URL}');fbq.disablePushState=true;fbq('init','${pixelId}');fbq('track','PageView');</script>`;
}

export function pixelNoscript(pixelId: string): string {
  return `<noscript><img height="1" width="1" style="display:none" alt="" src="https://www.facebook.com/tr?id=${pixelId}&amp;ev=PageView&amp;noscript=1"></noscript>`;
}

/** The page with the base code in <head> and the no-JavaScript image at the end of <body>. */
export function withPixel(html: string, pixelId: string): string {
  return html
    .replace('</head>', `${pixelHeadScript(pixelId)}</head>`)
    .replace('</body>', `${pixelNoscript(pixelId)}</body>`);
}
