import { describe, expect, it } from 'vitest';
import { translatedPath, unlocalizedPath } from './languages';

describe('a page in the other language', () => {
  it('is the same path under the other prefix', () => {
    expect(translatedPath('/about', 'hi')).toBe('/hi/about');
    expect(translatedPath('/hi/courses/jee', 'en')).toBe('/courses/jee');
    expect(translatedPath('/', 'hi')).toBe('/hi');
    expect(translatedPath('/hi', 'en')).toBe('/');
  });

  // The prerendered HTML is rendered at /about/ (React Router's prerender request), and its
  // language switcher must still link to the address the site uses.
  it('has no trailing slash, whatever the location had', () => {
    expect(unlocalizedPath('/hi/about/')).toBe('/about');
    expect(translatedPath('/about/', 'hi')).toBe('/hi/about');
    expect(translatedPath('/hi/contact/', 'en')).toBe('/contact');
    expect(translatedPath('/hi/', 'en')).toBe('/');
  });
});
