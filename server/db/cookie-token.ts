/**
 * A secret a browser keeps in a cookie (a desk session, a known browser), and what the
 * database keeps in its place: only its SHA-256, so a copy of the database signs nobody in.
 */
import { createHash, randomBytes } from 'node:crypto';

export const newCookieToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
