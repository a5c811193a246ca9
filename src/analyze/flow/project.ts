import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type * as TS from 'typescript';
import { ts } from '../../typescript.js';

/**
 * The files of one project as the analyzer sees them, without type information: each parsed once
 * (from a `ts.Program` when there is one, else from disk), relative imports resolved the way
 * TypeScript resolves them, and exported names followed through `export … from` chains. This is
 * what lets a syntax-only run follow `import * as services from './services/index.js'` into
 * `services.helpers.formatJson(x)`, two re-exports away.
 */
export class SourceProject {
  private readonly parsed = new Map<string, { stamp: string; sourceFile: TS.SourceFile } | null>();
  private readonly overrides = new Map<string, TS.SourceFile>();
  private readonly resolutions = new Map<string, string | null>();
  private readonly importTables = new WeakMap<TS.SourceFile, Map<string, ImportBinding>>();
  private readonly exportTables = new WeakMap<TS.SourceFile, ExportTable>();
  private files: readonly TS.SourceFile[] = [];
  private uses: ProjectUses | undefined;

  constructor(
    private readonly program?: TS.Program,
    private readonly compilerOptions?: TS.CompilerOptions,
  ) {}

  /** The files whose calls and names `callsNamed` / `isNameUsed` answer for (the project being analyzed). */
  indexFiles(files: readonly TS.SourceFile[]): void {
    this.files = files;
    this.uses = undefined;
  }

  /** Every call in the indexed files whose callee's last name is `name` (`f(x)`, `a.b.f(x)`). */
  callsNamed(name: string): readonly TS.CallExpression[] {
    return this.projectUses().calls.get(name) ?? [];
  }

  /** Is `name` used anywhere in the indexed files other than where it is declared? */
  isNameUsed(name: string): boolean {
    return this.projectUses().names.has(name);
  }

  /** One walk of the indexed files, made the first time a call or a name is asked for. */
  private projectUses(): ProjectUses {
    if (this.uses) return this.uses;
    const calls = new Map<string, TS.CallExpression[]>();
    const names = new Set<string>();
    const visit = (node: TS.Node): void => {
      if (ts.isIdentifier(node) && !isDeclarationName(node)) names.add(node.text);
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
        if (name !== null) {
          const list = calls.get(name);
          if (list) list.push(node);
          else calls.set(name, [node]);
        }
      }
      ts.forEachChild(node, visit);
    };
    for (const sourceFile of this.files) visit(sourceFile);
    this.uses = { calls, names };
    return this.uses;
  }

  /** Use this tree for its file (the text ESLint is linting, which may differ from the disk). */
  useSourceFile(sourceFile: TS.SourceFile): void {
    this.overrides.set(path.resolve(sourceFile.fileName), sourceFile);
  }

  /** The parsed file, or undefined when it cannot be read. Re-read when its size or time changed. */
  sourceFile(fileName: string): TS.SourceFile | undefined {
    const absolute = path.resolve(fileName);
    const override = this.overrides.get(absolute);
    if (override) return override;
    const fromProgram = this.program?.getSourceFile(absolute) ?? this.program?.getSourceFile(fileName);
    if (fromProgram) return fromProgram;
    let stamp: string;
    try {
      const stat = statSync(absolute);
      if (!stat.isFile()) return undefined;
      stamp = `${stat.size}:${stat.mtimeMs}`;
    } catch {
      return undefined;
    }
    const cached = this.parsed.get(absolute);
    if (cached && cached.stamp === stamp) return cached.sourceFile;
    const sourceFile = ts.createSourceFile(absolute, readFileSync(absolute, 'utf8'), ts.ScriptTarget.Latest, true, scriptKindOf(absolute));
    this.parsed.set(absolute, { stamp, sourceFile });
    return sourceFile;
  }

  /** The project file a module specifier names from `fromFile`, or undefined for packages and unknown files. */
  resolveModule(fromFile: string, specifier: string): string | undefined {
    const key = `${path.dirname(fromFile)}\0${specifier}`;
    const known = this.resolutions.get(key);
    if (known !== undefined) return known ?? undefined;
    let found: string | undefined;
    if (specifier.startsWith('.')) found = resolveRelative(path.resolve(path.dirname(fromFile), specifier));
    else if (this.compilerOptions) {
      // `paths` and `baseUrl` aliases; packages in node_modules are not the project's code.
      const resolved = ts.resolveModuleName(specifier, fromFile, this.compilerOptions, ts.sys).resolvedModule;
      if (resolved && !resolved.isExternalLibraryImport && !/\.d\.[cm]?ts$/.test(resolved.resolvedFileName)) found = resolved.resolvedFileName;
    }
    this.resolutions.set(key, found ?? null);
    return found;
  }

  /** How `name` is imported into `sourceFile`, if it is. */
  importOf(sourceFile: TS.SourceFile, name: string): ImportBinding | undefined {
    let table = this.importTables.get(sourceFile);
    if (!table) {
      table = importTable(sourceFile);
      this.importTables.set(sourceFile, table);
    }
    return table.get(name);
  }

  /**
   * What module `file` exports as `name` ('default' for the default export): a declaration of
   * the file, or another module's namespace (`export * as helpers from './helpers.js'`).
   */
  exported(file: TS.SourceFile, name: string, depth = 0): Exported | undefined {
    if (depth > 8) return undefined;
    const table = this.exportsOf(file);
    const local = table.local.get(name);
    if (local) return local.kind === 'local' ? this.followLocal(file, local.localName, depth) : local;
    const forwarded = table.forwarded.get(name);
    if (forwarded) {
      const target = this.moduleFile(file, forwarded.specifier);
      if (!target) return undefined;
      return forwarded.importedName === '*' ? { kind: 'namespace', file: target } : this.exported(target, forwarded.importedName, depth + 1);
    }
    if (name === 'default') return undefined;
    for (const specifier of table.starFrom) {
      const target = this.moduleFile(file, specifier);
      const found = target ? this.exported(target, name, depth + 1) : undefined;
      if (found) return found;
    }
    return undefined;
  }

  /** The module an import binding stands for, or the declaration it imports. */
  importedValue(binding: ImportBinding, fromFile: TS.SourceFile): Exported | undefined {
    const target = this.moduleFile(fromFile, binding.specifier);
    if (!target) return undefined;
    return binding.importedName === '*' ? { kind: 'namespace', file: target } : this.exported(target, binding.importedName);
  }

  private moduleFile(fromFile: TS.SourceFile, specifier: string): TS.SourceFile | undefined {
    const resolved = this.resolveModule(fromFile.fileName, specifier);
    return resolved ? this.sourceFile(resolved) : undefined;
  }

  /** `export { x }` / `export default x` of a name declared or imported in the file. */
  private followLocal(file: TS.SourceFile, localName: string, depth: number): Exported | undefined {
    const declaration = topLevelDeclaration(file, localName);
    if (declaration) return { kind: 'declaration', node: declaration };
    const binding = this.importOf(file, localName);
    if (!binding) return undefined;
    const target = this.moduleFile(file, binding.specifier);
    if (!target) return undefined;
    return binding.importedName === '*' ? { kind: 'namespace', file: target } : this.exported(target, binding.importedName, depth + 1);
  }

  private exportsOf(file: TS.SourceFile): ExportTable {
    let table = this.exportTables.get(file);
    if (!table) {
      table = exportTable(file);
      this.exportTables.set(file, table);
    }
    return table;
  }
}

interface ProjectUses {
  calls: Map<string, TS.CallExpression[]>;
  names: Set<string>;
}

function isDeclarationName(identifier: TS.Identifier): boolean {
  const parent = identifier.parent;
  return (
    ((ts.isFunctionDeclaration(parent) || ts.isVariableDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isClassDeclaration(parent)) && parent.name === identifier) ||
    (ts.isExportSpecifier(parent) && parent.parent.parent.moduleSpecifier === undefined)
  );
}

/** An import of one name: `import { a as b } from 'm'` binds b to m's `a`; `* as ns` to '*'; a default import to 'default'. */
export interface ImportBinding {
  specifier: string;
  importedName: string;
}

/** A declaration some module exports, or a whole module (a namespace). */
export type Exported = { kind: 'declaration'; node: TS.Declaration | TS.Expression } | { kind: 'namespace'; file: TS.SourceFile };

interface ExportTable {
  local: Map<string, Exported | { kind: 'local'; localName: string }>;
  forwarded: Map<string, ImportBinding>;
  starFrom: string[];
}

function importTable(sourceFile: TS.SourceFile): Map<string, ImportBinding> {
  const table = new Map<string, ImportBinding>();
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.importClause) {
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (clause.name) table.set(clause.name.text, { specifier, importedName: 'default' });
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) table.set(bindings.name.text, { specifier, importedName: '*' });
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) table.set(element.name.text, { specifier, importedName: (element.propertyName ?? element.name).text });
      }
    } else if (ts.isVariableStatement(statement)) {
      // CommonJS: `const x = require('./x')`, `const { a, b: c } = require('./x')`.
      for (const declaration of statement.declarationList.declarations) {
        const specifier = requiredModule(declaration.initializer);
        if (specifier === undefined) continue;
        if (ts.isIdentifier(declaration.name)) table.set(declaration.name.text, { specifier, importedName: '*' });
        else if (ts.isObjectBindingPattern(declaration.name)) {
          for (const element of declaration.name.elements) {
            if (!ts.isIdentifier(element.name)) continue;
            const imported = element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName.text : element.name.text;
            table.set(element.name.text, { specifier, importedName: imported });
          }
        }
      }
    }
  }
  return table;
}

function requiredModule(initializer: TS.Expression | undefined): string | undefined {
  let node = initializer;
  while (node && (ts.isAwaitExpression(node) || ts.isParenthesizedExpression(node))) node = node.expression;
  if (!node || !ts.isCallExpression(node) || node.arguments.length !== 1 || !ts.isStringLiteral(node.arguments[0])) return undefined;
  const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
  const isDynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
  return isRequire || isDynamicImport ? node.arguments[0].text : undefined;
}

function hasExportModifier(node: TS.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
}

function hasDefaultModifier(node: TS.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
}

function exportTable(file: TS.SourceFile): ExportTable {
  const table: ExportTable = { local: new Map(), forwarded: new Map(), starFrom: [] };
  for (const statement of file.statements) {
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && hasExportModifier(statement)) {
      if (hasDefaultModifier(statement)) table.local.set('default', { kind: 'declaration', node: statement });
      if (statement.name) table.local.set(statement.name.text, { kind: 'declaration', node: statement });
    } else if (ts.isVariableStatement(statement) && hasExportModifier(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) table.local.set(declaration.name.text, { kind: 'declaration', node: declaration });
      }
    } else if (ts.isExportAssignment(statement)) {
      // `export default expr` (and CommonJS-style `export = expr`).
      const expression = statement.expression;
      table.local.set('default', ts.isIdentifier(expression) ? { kind: 'local', localName: expression.text } : { kind: 'declaration', node: expression });
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const specifier = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
      const clause = statement.exportClause;
      if (!clause) {
        if (specifier) table.starFrom.push(specifier);
      } else if (ts.isNamespaceExport(clause)) {
        if (specifier) table.forwarded.set(clause.name.text, { specifier, importedName: '*' });
      } else {
        for (const element of clause.elements) {
          const exportedName = element.name.text;
          const localName = (element.propertyName ?? element.name).text;
          if (specifier) table.forwarded.set(exportedName, { specifier, importedName: localName });
          else table.local.set(exportedName, { kind: 'local', localName });
        }
      }
    } else if (ts.isExpressionStatement(statement)) {
      commonJsExport(statement.expression, table);
    }
  }
  return table;
}

/** `module.exports = { a, b }`, `module.exports.a = …`, `exports.a = …`. */
function commonJsExport(expression: TS.Expression, table: ExportTable): void {
  if (!ts.isBinaryExpression(expression) || expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
  const target = expression.left;
  const isModuleExports = (node: TS.Expression) => ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'module' && node.name.text === 'exports';
  if (isModuleExports(target)) {
    const value = expression.right;
    if (ts.isObjectLiteralExpression(value)) {
      for (const property of value.properties) {
        if (ts.isShorthandPropertyAssignment(property)) table.local.set(property.name.text, { kind: 'local', localName: property.name.text });
        else if (ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
          table.local.set(property.name.text, ts.isIdentifier(property.initializer) ? { kind: 'local', localName: property.initializer.text } : { kind: 'declaration', node: property.initializer });
        }
      }
    }
    table.local.set('default', ts.isIdentifier(value) ? { kind: 'local', localName: value.text } : { kind: 'declaration', node: value });
    return;
  }
  if (ts.isPropertyAccessExpression(target) && (isModuleExports(target.expression) || (ts.isIdentifier(target.expression) && target.expression.text === 'exports'))) {
    const value = expression.right;
    table.local.set(target.name.text, ts.isIdentifier(value) ? { kind: 'local', localName: value.text } : { kind: 'declaration', node: value });
  }
}

/** A top-level function, class, enum, interface, type alias or variable declaration named `name`. */
export function topLevelDeclaration(file: TS.SourceFile, name: string): TS.Declaration | undefined {
  for (const statement of file.statements) {
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && statement.name?.text === name) {
      // An overload list ends with the implementation: the one with a body.
      if (ts.isFunctionDeclaration(statement) && !statement.body) continue;
      return statement;
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration;
    }
  }
  return undefined;
}

const RESOLVE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
// `./x.js` in TypeScript source names `./x.ts` (NodeNext style).
const JS_TO_TS: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

function isFile(candidate: string): boolean {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

function resolveRelative(base: string): string | undefined {
  const extension = path.extname(base);
  for (const replacement of JS_TO_TS[extension] ?? []) {
    const candidate = base.slice(0, -extension.length) + replacement;
    if (isFile(candidate)) return candidate;
  }
  if (extension && RESOLVE_EXTENSIONS.includes(extension) && isFile(base)) return base;
  for (const candidate of RESOLVE_EXTENSIONS) if (isFile(base + candidate)) return base + candidate;
  for (const candidate of RESOLVE_EXTENSIONS) if (isFile(path.join(base, `index${candidate}`))) return path.join(base, `index${candidate}`);
  return undefined;
}

/**
 * The text of a file ESLint lints, parsed for the kit's rules. Any JavaScript file may hold JSX
 * there, as ESLint's parsers accept it.
 */
export function parseLintedText(fileName: string, text: string): TS.SourceFile {
  const kind = /\.[cm]?jsx?$/.test(fileName) ? ts.ScriptKind.JSX : /\.tsx$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
}

export function scriptKindOf(fileName: string): TS.ScriptKind {
  if (/\.tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.[cm]?jsx?$/.test(fileName)) return /\.jsx$/.test(fileName) ? ts.ScriptKind.JSX : ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}
