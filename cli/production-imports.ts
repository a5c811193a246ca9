/**
 * `migrate --verify`'s test that the migrated files still start after a production install.
 *
 * A production install keeps the packages the owning package.json lists in `dependencies` (and
 * theirs), nothing else; Node resolves a bare import from the package's own code only through
 * what is left. So rather than copying the project and pruning it (slow, and it needs the
 * network), each bare import the migration added is checked against that list: the package must
 * be listed in `dependencies` (or be the package itself, a Node built-in, or the project's own
 * code through a tsconfig alias), and it must be installed now. The same holds for the import
 * source `migrate` checked before writing; this also covers every other import a rewrite adds.
 */
import { builtinModules } from 'node:module';
import path from 'node:path';
import type * as TS from 'typescript';
import { ts } from '../src/typescript.js';
import { checkImportSource, dependencyInstallCommand, REASONS } from './dependency-check.js';

export interface ProductionImportProblem {
  file: string;
  line: number;
  message: string;
}

interface ImportSite {
  specifier: string;
  line: number;
}

const BUILTINS = new Set(builtinModules);

function isBare(specifier: string): boolean {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('#') || /^[a-z]+:/i.test(specifier)) return false;
  return !BUILTINS.has(specifier) && !BUILTINS.has(specifier.split('/')[0]);
}

function allTypeOnly(clause: TS.ImportClause): boolean {
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

/** The bare specifiers `text` imports at run time: imports, re-exports, require() and import(); type-only imports are erased. */
export function runtimeImports(fileName: string, text: string): ImportSite[] {
  const sourceFile = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: ImportSite[] = [];
  const add = (literal: TS.Expression | undefined) => {
    if (!literal || !ts.isStringLiteralLike(literal) || !isBare(literal.text)) return;
    found.push({ specifier: literal.text, line: sourceFile.getLineAndCharacterOfPosition(literal.getStart(sourceFile)).line + 1 });
  };
  const visit = (node: TS.Node): void => {
    if (ts.isImportDeclaration(node)) {
      if (!node.importClause || !allTypeOnly(node.importClause)) add(node.moduleSpecifier);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly) add(node.moduleSpecifier);
      return;
    }
    if (ts.isCallExpression(node) && node.arguments.length === 1) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) add(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

export interface MigratedFile {
  fileName: string;
  originalText: string;
  text: string;
}

/**
 * The bare imports the migration added that would not resolve once the dev dependencies are
 * pruned, or are not installed at all.
 */
export function productionImportProblems(
  files: readonly MigratedFile[],
  compilerOptions: TS.CompilerOptions | undefined,
  cwd: string,
  /** package.json files --add-dependency is adding the import source to (written with the files; the note says to install). */
  pendingManifests: ReadonlySet<string> = new Set(),
): ProductionImportProblem[] {
  const problems: ProductionImportProblem[] = [];
  for (const file of files) {
    const before = new Set(runtimeImports(file.fileName, file.originalText).map((site) => site.specifier));
    const added = runtimeImports(file.fileName, file.text).filter((site) => !before.has(site.specifier));
    for (const site of new Map(added.map((entry) => [entry.specifier, entry])).values()) {
      const check = checkImportSource(site.specifier, [file.fileName], compilerOptions);
      const [pkg] = (check?.refused ?? []).filter((entry) => !entry.file || !pendingManifests.has(entry.file));
      if (check && pkg) {
        const manifest = pkg.file ? path.relative(cwd, pkg.file).split(path.sep).join('/') || 'package.json' : undefined;
        const why = manifest ? `${manifest} ${REASONS[pkg.refusal ?? 'missing'](check.packageName)}` : 'there is no package.json and it is not installed';
        problems.push({ file: file.fileName, line: site.line, message: `after a production install ${site.specifier} would not resolve: ${why}` });
        continue;
      }
      const missing = check?.packages.find((entry) => !entry.installed && (!entry.file || !pendingManifests.has(entry.file)));
      if (check && missing) {
        const dir = missing.file ? path.dirname(missing.file) : cwd;
        problems.push({ file: file.fileName, line: site.line, message: `${site.specifier} is listed in dependencies but not installed; install it: ${dependencyInstallCommand(check.packageName, dir, cwd)}` });
      }
    }
  }
  return problems;
}
