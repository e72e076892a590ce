/**
 * Text fields for every schema that takes text from outside (shared/schema/*.ts, the server's
 * routes): each is a zod string that is cleaned (clean-text.ts) and trimmed before its own
 * checks run, so a value that is nothing once cleaned meets the field's "required" check and
 * its words, and a limit counts what is stored. ESLint refuses a bare `z.string()` in
 * shared/schema and server/ (eslint.config.js): outside text goes through here.
 *
 *   text('invalid').min(1, 'required').max(100, 'tooLong')   one line
 *   text(undefined, { multiline: true }).max(2000)           a note or a message (keeps \n)
 *   secret().min(1).max(200)                                 a password: never cleaned
 */
import { z } from 'zod';
import { cleanText } from './clean-text';

export { cleanText, cleanTextsIn } from './clean-text';

type StringParams = Parameters<typeof z.string>[0];

export const text = (params?: StringParams, { multiline = false } = {}) =>
  z
    .string(params)
    .overwrite((value) => cleanText(value, { multiline }))
    .trim();

/**
 * A password, as typed. Not cleaned: it is only ever hashed (server/staff/passwords.ts),
 * never stored, searched or shown, and changing what someone typed would change their password.
 */
export const secret = (params?: StringParams) => z.string(params);
