/**
 * Where signing in returns to: the desk page that was open when the session ended, as
 * ?next= on the sign-in page. Only a path inside the desk is followed; anything else (a
 * scheme, "//host", a backslash) goes to Today, so the link cannot send staff elsewhere.
 */
import type { Location } from 'react-router';
import { deskPages } from '../../../shared/desk-pages';

const BASE = 'http://desk.invalid';
const TODAY = deskPages.today.path;
const SIGN_IN = deskPages.signIn.path;

export function returnPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return TODAY;
  try {
    const url = new URL(next, BASE);
    if (url.origin !== BASE || url.pathname === SIGN_IN) return TODAY;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return TODAY;
  }
}

/** The sign-in page, returning to `from` afterwards (Today needs no return path). */
export function signInPath(from: Pick<Location, 'pathname' | 'search'>): string {
  if (from.pathname === TODAY || from.pathname === SIGN_IN) return SIGN_IN;
  return `${SIGN_IN}?next=${encodeURIComponent(`${from.pathname}${from.search}`)}`;
}
