/** Every language's copy, by language. Imported at build time (route loaders) and by the server, never by a page. */
import type { Language } from '../../shared/languages';
import { en } from './en';
import { hi } from './hi';
import type { Copy } from './schema';

export const copy: Record<Language, Copy> = { en, hi };
