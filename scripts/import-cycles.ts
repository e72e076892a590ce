/**
 * Import cycles of any kind among our own files: value, type-only (`import type`) and lazy
 * (`import('./x')`) imports alike. ESLint's import-x/no-cycle skips the last two by design; a
 * cycle through them still ties the files into one lump that must be understood and moved
 * together (issue 39). TypeScript itself reads each file's imports (`preProcessFile`) and
 * resolves them as the compiler does; the cycles are the strongly connected components of that
 * graph (Tarjan's algorithm).
 *
 *   tsx scripts/import-cycles.ts    prints each cycle, exits 1 when there is one
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The folders of our own code (tests excluded: a test may import what imports it). */
const SOURCE_ROOTS = ['server', 'shared', 'src', 'desk/src', 'scripts'];

const isSource = (name: string) =>
  /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return isSource(entry.name) ? [full] : [];
  });
}

/** Each file's own imports among `files` (absolute paths). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    jsx: ts.JsxEmit.ReactJSX,
  };
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .filter(({ fileName }) => fileName.startsWith('.'))
        .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
        .filter((target): target is string => target !== undefined && known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The strongly connected components of more than one file, or of one file importing itself. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** The import cycles among the source files under `roots` (relative to `base`), each as its files. */
export function importCycles(roots: string[] = SOURCE_ROOTS, base = process.cwd()): string[][] {
  const files = roots.flatMap((root) => sourceFiles(resolve(base, root)));
  return cyclesOf(importGraph(files)).map((cycle) => cycle.map((file) => relative(base, file)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cycles = importCycles();
  for (const cycle of cycles) console.log(`importing one another: ${cycle.join(', ')}`);
  console.log(`${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}`);
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
