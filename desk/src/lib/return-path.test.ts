/**
 * The sign-in page's return path: a desk page comes back as it was; anything that could
 * leave the desk is Today. (React Router under the /staff basename keeps these inside the
 * desk too; this is the check that does not depend on it.)
 */
import { describe, expect, it } from 'vitest';
import { returnPath, signInPath } from './return-path';

describe('returnPath', () => {
  it('returns to a desk page with its query', () => {
    expect(returnPath('/enquiries/0b7c?x=1')).toBe('/enquiries/0b7c?x=1');
    expect(returnPath('/enquiries?status=new&page=2')).toBe('/enquiries?status=new&page=2');
  });

  it.each([
    null,
    '',
    'enquiries',
    '//example.com/staff',
    '/\\example.com',
    '\\\\example.com',
    '/\t/example.com',
    'https://example.com/',
    'javascript:alert(1)',
    '/sign-in?next=/sign-in',
  ])('sends %j to Today', (next) => {
    expect(returnPath(next)).toBe('/');
  });
});

describe('signInPath', () => {
  it('carries the page that was open, and nothing for Today or the sign-in page', () => {
    expect(signInPath({ pathname: '/enquiries/ab12', search: '?x=1' })).toBe(
      '/sign-in?next=%2Fenquiries%2Fab12%3Fx%3D1',
    );
    expect(returnPath(decodeURIComponent(signInPath({ pathname: '/enquiries/ab12', search: '' }).slice(14)))).toBe(
      '/enquiries/ab12',
    );
    expect(signInPath({ pathname: '/', search: '' })).toBe('/sign-in');
    expect(signInPath({ pathname: '/sign-in', search: '?next=%2Fx' })).toBe('/sign-in');
  });
});
