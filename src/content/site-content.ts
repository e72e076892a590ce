/**
 * Everything a visitor reads, facts and words in every language: what the pages are made
 * from (page-data.ts). The typed files beside this are the starting content; a page's loader
 * reads the version it is rendered from in the router's context, so the server can render
 * the pages again from another version without a rebuild (server/site/site-render.ts).
 */
import { createContext } from 'react-router';
import type { Language } from '../../shared/languages';
import { copy } from './copy';
import { institute } from './institute';
import type { Copy, Institute } from './schema';

export type SiteContent = { institute: Institute; copy: Record<Language, Copy> };

export const startingContent: SiteContent = { institute, copy };

export const siteContent = createContext<SiteContent>(startingContent);
