/**
 * Every setting the server reads is documented, and nothing documented is not a setting:
 * the README's settings table and .env.example against the environment schema
 * (server/config.ts). A variable added to one and not the others fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config';

const file = (name: string) => readFileSync(new URL(`../${name}`, import.meta.url), 'utf8');
const schemaNames = Object.keys(envSchema.shape).sort();

/** The first column of the table under "## Settings": `NAME`. */
function readmeSettings(): string[] {
  const readme = file('README.md');
  const section = readme.slice(
    readme.indexOf('\n## Settings'),
    readme.indexOf('\n## ', readme.indexOf('\n## Settings') + 1),
  );
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((match) => match[1] as string).sort();
}

/** Every `NAME=` line, set or left empty. */
const exampleSettings = () =>
  [...file('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] as string).sort();

describe('the settings are documented', () => {
  it('the README table names every variable of the environment schema, and only those', () => {
    expect(readmeSettings()).toEqual(schemaNames);
  });

  it('.env.example names every variable of the environment schema, and only those', () => {
    expect(exampleSettings()).toEqual(schemaNames);
  });

  it('the README gives the schema’s default for every variable that has one', () => {
    const readme = file('README.md');
    const defaults = envSchema.parse({});
    for (const [name, value] of Object.entries(defaults)) {
      if (value === undefined || typeof value === 'object') continue;
      const row = new RegExp(`^\\| \`${name}\` +\\| ([^|]+)\\|`, 'm').exec(readme)?.[1] ?? '';
      expect(row, name).toContain(`\`${String(value)}\``);
    }
  });
});
