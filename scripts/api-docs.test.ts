import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { API_DOCS, writtenApiDocs } from './api-docs';

it('docs/api.md says what the enquiry description and the export and webhook code say (npm run docs:api writes it)', async () => {
  const current = readFileSync(API_DOCS, 'utf8');
  expect(current, 'docs/api.md is out of date: run npm run docs:api').toBe(await writtenApiDocs(current));
});
