/**
 * Renders a page to HTML at build time (`ssr: false`: every page is prerendered, no
 * rendering happens at request time).
 *
 * Unlike React Router's default entry, this always waits for the whole page
 * (`onAllReady`) before writing: with `onShellReady`, parts that load lazily (the
 * enquiry form) are streamed as hidden fragments revealed by a script, so visitors
 * without JavaScript, and crawlers that do not run it, would never see them. For the
 * same reason large finished boundaries are kept in place (`progressiveChunkSize`).
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { languages, localizedPath } from '../shared/languages';
import { prerenderedPaths } from './pages';

export const streamTimeout = 10_000;

/**
 * What the server sets when it renders the pages again (server/site/site-render.ts): the day they are
 * rendered for, and the version of the content they are made from (the starting content, the
 * typed files, until another is given).
 */
export { renderDay } from './content/render-day';
export { siteContent, startingContent } from './content/site-content';
/** The check the build runs on the content files, run by the server on content an editor publishes. */
export { validateContent } from './content/validate';
/** Every page's share image for a version of the content on a day: what the server draws when it renders them again. */
export { shareImagesFor } from './content/share-images';

/** Every page the build prerenders, in every language (/hi/courses/jee, /404): what a content version is rendered into. */
export const pagePaths: readonly string[] = languages.flatMap((language) =>
  prerenderedPaths.map((path) => localizedPath(language, path)),
);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // Never move a finished Suspense boundary (the enquiry form) out of place, however large.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timeout);
        const body = new PassThrough();
        responseHeaders.set('Content-Type', 'text/html');
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
  });
}
