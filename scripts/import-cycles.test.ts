import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles } from './import-cycles';

describe('import cycles', () => {
  it('there is none among our files: value, type-only and lazy imports alike', () => {
    expect(importCycles()).toEqual([]);
  });

  const fixture = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    const root = mkdtempSync(join(fixture, 'case-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(root, name, '..'), { recursive: true });
      writeFileSync(join(root, name), text);
    }
    return root;
  };

  it('finds a cycle through a type-only import and one through a lazy import, and none in a chain', () => {
    const typeOnly = write({
      'code/a.ts': "import type { B } from './b';\nexport type A = B;\n",
      'code/b.ts': "import { a } from './a';\nexport type B = string;\nexport const b = a;\n",
    });
    expect(importCycles(['code'], typeOnly)).toEqual([['code/a.ts', 'code/b.ts']]);

    const lazy = write({
      'code/table.ts': "export const pages = { one: () => import('./pages/one') };\n",
      'code/pages/one.tsx': "import { pages } from '../table';\nexport default pages;\n",
    });
    expect(importCycles(['code'], lazy)).toEqual([['code/pages/one.tsx', 'code/table.ts']]);

    const chain = write({
      'code/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'code/b.ts': "import type { C } from './c';\nexport const b: C = 1;\n",
      'code/c.ts': 'export type C = number;\n',
    });
    expect(importCycles(['code'], chain)).toEqual([]);
  });
});
