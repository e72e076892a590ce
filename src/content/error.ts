/**
 * The one piece of copy the root imports directly: what to say when a language's
 * shared words could not be loaded. Two short sentences per language.
 */
import type { Language } from '../../shared/languages';
import { error as en } from './en/error';
import { error as hi } from './hi/error';
import type { Copy } from './schema';

export const errorCopy: Record<Language, Copy['error']> = { en, hi };
