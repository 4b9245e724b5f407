// Import cycles among the files under the given folders, type-only imports included: a circle
// of types is still two files that cannot be understood apart. eslint's import-x/no-cycle
// skips `import type` by design, so this walk closes that gap (test/unit/lint runs it).
//
//   node scripts/importCycles.ts server scripts      # lists each cycle, exits 1 if any
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Each file's relative imports (value, type and dynamic), as absolute paths. */
export function importGraph(roots: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of roots.flatMap((root) => sourceFiles(resolve(root)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    graph.set(
      file,
      importedFiles
        .map(({ fileName }) => fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => resolve(dirname(file), name)),
    );
  }
  return graph;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(folder, name));
}

/**
 * The strongly connected components with more than one file (Tarjan's algorithm): each is a
 * set of files that reach one another through imports.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  const visit = (file: string): void => {
    index.set(file, index.size);
    lowLink.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue; // outside the folders walked
      if (!index.has(next)) {
        visit(next);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(next)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  };

  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

if (import.meta.main) {
  const roots = process.argv.slice(2);
  const cycles = importCycles(importGraph(roots.length > 0 ? roots : ['server', 'scripts']));
  for (const cycle of cycles) {
    console.log(cycle.map((file) => relative(process.cwd(), file)).join(' ↔ '));
  }
  console.log(`${cycles.length} import cycle(s)`);
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
