/**
 * The pages' policy allows the framework's inline scripts only (issue 38, L6): a script that got
 * into a page any other way is not allowed to run, and the rendering is named as one not to serve.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { frameworkScripts } from '../../tests/support/client-dir';
import { frameworkScriptsProblem, pageCsp } from './security';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const page = (body: string) =>
  `<!DOCTYPE html><html><head><script type="application/ld+json">{"@type":"Course"}</script></head><body>${body}</body></html>`;
const scriptSrc = (html: string) =>
  pageCsp(html, false)
    .split('; ')
    .find((directive) => directive.startsWith('script-src '))
    ?.split(' ')
    .slice(1);

describe('the framework’s scripts only', () => {
  const scroll = '<script>((storageKey, restoreKey) => { /* … */ })("react-router-scroll-positions", null)</script>';

  it('takes a page as React Router writes it, with or without the scroll restoration, data in parts', () => {
    expect(frameworkScriptsProblem(page(frameworkScripts('Home')))).toBeUndefined();
    expect(frameworkScriptsProblem(page(`${scroll}${frameworkScripts('Home')}`))).toBeUndefined();
    const twoParts = frameworkScripts('Home').replace(
      '<script>window.__reactRouterContext.streamController.close();',
      '<script>window.__reactRouterContext.streamController.enqueue("more");</script><script>window.__reactRouterContext.streamController.close();',
    );
    expect(frameworkScriptsProblem(page(twoParts))).toBeUndefined();
  });

  it('names a page with any other inline script, or the framework’s out of their order, and allows none of it', () => {
    const injected = page(`<p>Hi</p><script>alert(document.cookie)</script>${frameworkScripts('Home')}`);
    expect(frameworkScriptsProblem(injected)).toBe(
      `it has a script that is not the site's own ("alert(document.cookie)")`,
    );
    expect(scriptSrc(injected)).not.toContain(sha256('alert(document.cookie)'));
    expect(scriptSrc(injected)).toContain(sha256('window.__reactRouterContext = {};'));
    // One that only starts as the framework's would, but comes where none may.
    const extra = page(`${frameworkScripts('Home')}<script>window.__reactRouterContext = {evil:1};</script>`);
    expect(frameworkScriptsProblem(extra)).toMatch(/not the ones React Router writes, in their order \(CMDEC\)/);
    expect(frameworkScriptsProblem(page('<p>No scripts</p>'))).toMatch(/\(none\)/);
  });
});
