/**
 * Every prerendered page is complete HTML with its CSS inlined: the visitor needs no
 * JavaScript to see it. React Router still writes its scripts so that the browser
 * fetches and runs them during the page load (modulepreload links in <head>, static
 * imports in an inline module), which on a slow phone competes with the first paint
 * and which Lighthouse's simulated throttling counts as blocking it.
 *
 * At the end of the build this rewrites each page so that the same scripts start
 * once the browser reports the first contentful paint: the modulepreload links are added then (all at
 * once, so the downloads still run in parallel), the route modules are imported, and
 * then the client entry, exactly as React Router's own inline module does. Nothing
 * else on the page changes; the server hashes the rewritten inline script for the
 * Content-Security-Policy when it loads the pages.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;

/** The boot script React Router writes: which modules it imports, and in what order. */
function parseBoot(script: string) {
  const sideEffects = [...script.matchAll(/^import "([^"]+)";$/gm)].map((match) => match[1] as string);
  const routes = [...script.matchAll(/^import \* as (\w+) from "([^"]+)";$/gm)].map((match) => ({
    name: match[1] as string,
    url: match[2] as string,
  }));
  const routeModules = /window\.__reactRouterRouteModules = (\{[^;]*\});/.exec(script)?.[1];
  const entry = /^import\("([^"]+)"\);$/m.exec(script)?.[1];
  if (!routeModules || !entry || routes.length === 0) {
    throw new Error(
      `React Router's boot script has changed shape; update server/site/start-after-paint.ts:\n${script}`,
    );
  }
  return { sideEffects, routes, routeModules, entry };
}

/** One page's HTML, its scripts started after the first paint. Pages without React Router's boot script are returned as they are. */
export function startScriptsAfterPaint(html: string): string {
  const script = MODULE_SCRIPT.exec(html)?.[1];
  if (script === undefined) return html;
  const { sideEffects, routes, routeModules, entry } = parseBoot(script);
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((match) => match[1] as string);
  const imports = [...sideEffects, ...routes.map((route) => route.url)];
  const names = [...sideEffects.map(() => ''), ...routes.map((route) => route.name)].join(', ');
  const json = JSON.stringify;
  const boot = [
    'const start = () => {',
    `  for (const href of ${json(preloads)}) {`,
    '    const link = document.createElement("link");',
    '    link.rel = "modulepreload";',
    '    link.href = href;',
    '    document.head.append(link);',
    '  }',
    `  Promise.all([${imports.map((url) => `import(${json(url)})`).join(', ')}]).then(([${names}]) => {`,
    `    window.__reactRouterRouteModules = ${routeModules};`,
    `    return import(${json(entry)});`,
    '  });',
    '};',
    // Started once the browser reports the first contentful paint (its presentation, not the
    // paint task). A page opened in a background tab paints nothing until it is shown: start
    // at once there. A browser without paint timing starts half a second after the first frame;
    // one with it waits for the paint, with a 3 s guard after the first frame (on a busy phone the
    // paint can be presented well after that frame began, so a short guard would beat it).
    'let started = false;',
    'const startOnce = () => {',
    '  if (!started) {',
    '    started = true;',
    '    start();',
    '  }',
    '};',
    'if (document.visibilityState === "hidden") startOnce();',
    'else {',
    '  let guard = 500;',
    '  try {',
    '    if (PerformanceObserver.supportedEntryTypes.includes("paint")) {',
    '      new PerformanceObserver((list, observer) => {',
    '        if (list.getEntriesByName("first-contentful-paint").length > 0) {',
    '          observer.disconnect();',
    '          startOnce();',
    '        }',
    '      }).observe({ type: "paint", buffered: true });',
    '      guard = 3000;',
    '    }',
    '  } catch {}',
    '  requestAnimationFrame(() => setTimeout(startOnce, guard));',
    '}',
  ].join('\n');
  return html.replace(MODULEPRELOAD, '').replace(MODULE_SCRIPT, () => `<script type="module">${boot}</script>`);
}

/** Every HTML file of the client build (the prerendered pages), outside assets/. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/** Rewrites every prerendered page in the client build directory. */
export function startScriptsAfterPaintInBuild(clientDir: string): void {
  for (const file of htmlFiles(clientDir)) {
    writeFileSync(file, startScriptsAfterPaint(readFileSync(file, 'utf8')));
  }
}
