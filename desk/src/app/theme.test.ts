import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as antd from 'antd';
import { describe, expect, it } from 'vitest';
import { deskAntdComponents } from './theme';

/** Every file of the desk's sources (not its tests). */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** What antd's styles cover of its exports: not the provider, the breakpoint hook, the theme's helpers or types. */
const UNSTYLED = new Set(['ConfigProvider', 'Grid', 'theme']);

describe("the desk's antd stylesheet", () => {
  it('carries the styles of every antd component the desk imports', () => {
    const imported = new Set<string>();
    for (const file of sources(join(import.meta.dirname, '..'))) {
      for (const [, names = ''] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
        for (const name of names.split(',').map((part) => part.trim())) {
          if (!name || name.startsWith('type ')) continue;
          imported.add(name.split(/\s+as\s+/)[0] ?? name);
        }
      }
    }
    const components = [...imported].filter((name) => !UNSTYLED.has(name) && name in antd);
    // The desk does use antd: a scan that found nothing would pass whatever the list said.
    expect(components).toEqual(expect.arrayContaining(['Button', 'Form', 'Table']));
    expect(components.filter((name) => !(deskAntdComponents as readonly string[]).includes(name))).toEqual([]);
  });
});
