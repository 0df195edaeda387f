import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rule, read from the import statements themselves (type-only imports count: a folder
 * that needs another's types depends on it). A cycle between two folders means neither can be read,
 * tested or moved without the other, so server/'s folders import one another one way only. A folder
 * is one node with everything under it; the loose files at server/'s top are each a node of their own.
 * The content API (cms/) and the site are apps of their own, sharing lib/ (docs/decisions/0053).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f).split(path.sep).join('/'));
}

/** The project file a relative specifier names (with or without its extension), or null for a package. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.join(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  const found = candidates.find((c) => existsSync(path.join(ROOT, c)) && /\.(tsx?|json)$/.test(c));
  return (found ?? base).split(path.sep).join('/');
}

/** Every project file a file imports, statically or dynamically. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(path.join(ROOT, file), 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName }) => resolve(file, fileName) ?? []);
}

/**
 * The node a server file belongs to: a folder of the site (server/site/<folder>), the content API or
 * the library as a whole (each imports the other only through what the next test allows), or the file
 * itself when it sits loose (the site's app.ts, server.ts, settings.ts…; the process's main.ts).
 */
function serverNode(file: string): string {
  const parts = file.split('/');
  if (parts[1] === 'cms' || parts[1] === 'lib') return `server/${parts[1]}`;
  if (parts[1] === 'site') return parts.length > 3 ? `server/site/${parts[2]}` : file;
  return file;
}

/** The imports of a folder's files into the forbidden folders. */
function outside(dir: string, forbidden: string[]): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter((t) => forbidden.some((f) => t.startsWith(`${f}/`)))
      .map((t) => `${file} -> ${t}`),
  );
}

interface Edge {
  from: string;
  to: string;
  /** One import that makes the edge, to name in a failure. */
  via: string;
}

function serverGraph(): Map<string, Map<string, Edge>> {
  const graph = new Map<string, Map<string, Edge>>();
  for (const file of sourceFiles('server')) {
    const from = serverNode(file);
    const out = graph.get(from) ?? new Map<string, Edge>();
    graph.set(from, out);
    for (const target of importsOf(file)) {
      if (!target.startsWith('server/')) continue;
      const to = serverNode(target);
      if (to !== from && !out.has(to)) out.set(to, { from, to, via: `${file} -> ${target}` });
    }
  }
  return graph;
}

/** Strongly connected components with more than one node (Tarjan): each is a cycle between folders. */
function cycles(graph: Map<string, Map<string, Edge>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import layers', () => {
  it('has no import cycle between server folders', () => {
    const graph = serverGraph();
    const report = cycles(graph).map((component) =>
      component.flatMap((node) => [...(graph.get(node)?.values() ?? [])].filter((e) => component.includes(e.to)).map((e) => e.via)),
    );
    expect(report).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const edge = (from: string, to: string): [string, Edge] => [to, { from, to, via: '' }];
    const graph = new Map([
      ['a', new Map([edge('a', 'b')])],
      ['b', new Map([edge('b', 'c')])],
      ['c', new Map([edge('c', 'a')])],
      ['d', new Map([edge('d', 'a')])],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('keeps shared/ free of our other code, and client/ free of the server', () => {
    expect(outside('shared', ['server', 'client'])).toEqual([]);
    expect(outside('client', ['server'])).toEqual([]);
  });

  it('keeps the site and the content API apart: each imports shared/ and server/lib/, never the other', () => {
    // Only the process's composition (server/main.ts, server/embedded.ts) knows both apps; the site reaches the content API over HTTP.
    const app = (file: string) =>
      file.startsWith('server/cms/') ? 'cms' : file.startsWith('server/lib/') ? 'lib' : file.startsWith('server/site/') ? 'site' : 'composition';
    const allowed: Record<string, string[]> = { cms: ['cms', 'lib'], lib: ['lib'], site: ['site', 'lib'], composition: ['composition', 'site', 'cms', 'lib'] };
    const crossings = sourceFiles('server').flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('server/') && !allowed[app(file)]!.includes(app(target)))
        .map((target) => `${file} -> ${target}`),
    );
    expect(crossings).toEqual([]);
    // Nothing else of ours either: the content API's own code and the shared contract.
    expect(outside('server/cms', ['client'])).toEqual([]);
    expect(outside('server/lib', ['client'])).toEqual([]);
  });
});
