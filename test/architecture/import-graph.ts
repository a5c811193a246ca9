// The project's relative imports as a graph, read with the TypeScript parser, and the two
// checks the house rules ask of it: layers import downward only, and a module is on no cycle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One relative import: `from` and `to` are paths relative to the root, with `/`. */
export interface ImportEdge {
  from: string;
  to: string;
  specifier: string;
  line: number;
}

export interface ImportGraph {
  edges: ImportEdge[];
  /** Relative specifiers that name no file: reported, so a typo cannot hide an import from the checks. */
  unresolved: ImportEdge[];
}

const SOURCE_FILE = /\.(?:c|m)?ts$/;

/** Every import, re-export, dynamic `import()` and `import('…')` type with a literal specifier. */
function specifiersOf(sourceFile: ts.SourceFile): { specifier: string; position: number }[] {
  const found: { specifier: string; position: number }[] = [];
  const visit = (node: ts.Node): void => {
    let literal: ts.Expression | undefined;
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) literal = node.moduleSpecifier;
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) literal = node.arguments[0];
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal = node.argument.literal;
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) literal = node.moduleReference.expression;
    if (literal && ts.isStringLiteralLike(literal)) found.push({ specifier: literal.text, position: literal.getStart(sourceFile) });
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The file a relative specifier names: NodeNext writes the emitted extension (.js for .ts). */
function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const target = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.cjs$/, '.cts'),
    target.replace(/\.mjs$/, '.mts'),
    target,
    path.join(target, 'index.ts'),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

function sourceFilesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => SOURCE_FILE.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.join(folder, name))
    .sort();
}

/** The relative imports of every TypeScript file under `folders` (relative to `root`). */
export function readImportGraph(root: string, folders: readonly string[]): ImportGraph {
  const edges: ImportEdge[] = [];
  const unresolved: ImportEdge[] = [];
  const relative = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  for (const file of folders.flatMap((folder) => sourceFilesUnder(path.join(root, folder)))) {
    const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const { specifier, position } of specifiersOf(sourceFile)) {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) continue;
      const line = sourceFile.getLineAndCharacterOfPosition(position).line + 1;
      const target = resolveRelative(file, specifier);
      const edge = { from: relative(file), to: target ? relative(target) : specifier, specifier, line };
      (target ? edges : unresolved).push(edge);
    }
  }
  return { edges, unresolved };
}

/**
 * The layers, lowest first: a folder may import its own layer and the ranks below. Folders of one
 * rank are peers and import each other only in a direction named in `allowedBetweenPeers`.
 */
export interface Layering {
  ranks: readonly (readonly string[])[];
  allowedBetweenPeers: readonly { from: string; to: string }[];
}

/** A file's layer: the top folder it lives in. */
export function folderOf(file: string): string {
  return file.split('/')[0];
}

/** The imports that break the layering, each as `from:line -> to (why)`. */
export function layerViolations(edges: readonly ImportEdge[], layering: Layering): string[] {
  const rankOf = (folder: string): number => layering.ranks.findIndex((rank) => rank.includes(folder));
  const violations: string[] = [];
  for (const edge of edges) {
    const from = folderOf(edge.from);
    const to = folderOf(edge.to);
    if (from === to) continue;
    const where = `${edge.from}:${edge.line} imports '${edge.specifier}' (${edge.to})`;
    const fromRank = rankOf(from);
    const toRank = rankOf(to);
    if (fromRank === -1 || toRank === -1) violations.push(`${where}: ${fromRank === -1 ? from : to}/ is in no layer`);
    else if (toRank > fromRank) violations.push(`${where}: ${from}/ may not import the higher layer ${to}/`);
    else if (toRank === fromRank && !layering.allowedBetweenPeers.some((allowed) => allowed.from === from && allowed.to === to)) {
      violations.push(`${where}: ${from}/ and ${to}/ are peers; only ${describePeerDirections(layering)} is allowed`);
    }
  }
  return violations;
}

function describePeerDirections(layering: Layering): string {
  const directions = layering.allowedBetweenPeers.map((allowed) => `${allowed.from}/ -> ${allowed.to}/`);
  return directions.length > 0 ? directions.join(', ') : 'no import between them';
}

/**
 * An import path that leads from `file` back to itself (the file first and last), or undefined
 * when none does: a breadth-first walk, so the cycle reported is a shortest one.
 */
export function cycleThrough(edges: readonly ImportEdge[], file: string): string[] | undefined {
  const importsOf = new Map<string, string[]>();
  for (const edge of edges) importsOf.set(edge.from, [...(importsOf.get(edge.from) ?? []), edge.to]);
  const cameFrom = new Map<string, string>();
  const queue = [file];
  for (let index = 0; index < queue.length; index++) {
    const current = queue[index];
    for (const next of importsOf.get(current) ?? []) {
      if (next === file) {
        const cycle = [file];
        for (let step: string | undefined = current; step !== file && step !== undefined; step = cameFrom.get(step)) cycle.unshift(step);
        return [file, ...cycle];
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, current);
      queue.push(next);
    }
  }
  return undefined;
}
