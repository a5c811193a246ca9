import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import type { ModuleFormat } from './module-format.js';
import type { HelperName, TextEdit } from './types.js';

export interface ImportPlanOptions {
  /** Module the helpers come from: `mcp-result-kit` by default, or a relative path to local helpers. */
  importSource?: string;
  /**
   * Also import the runtime's `ToolResult` type from the same module (for rewritten return types),
   * under the name `resultTypeName` gives. Never the SDK's CallToolResult: a FastMCP or v2 server
   * may not be able to resolve `@modelcontextprotocol/sdk`, while the helpers' module it must.
   */
  resultType?: boolean;
  /**
   * How the file is loaded when its own statements do not tell (see moduleFormatOf): a JavaScript
   * file without imports or requires gets `require` when it is CommonJS. Default: ES module.
   */
  moduleFormat?: ModuleFormat;
  /**
   * New statements go right before this top-level statement (and its leading comments), never
   * merged into the file's imports: an ESLint suggestion's edits are merged into one range, so an
   * import far from the site would carry all the text in between. An ES import is hoisted, so it
   * works anywhere at the top level; a require must run before the code that uses it.
   */
  before?: TS.Statement;
}

export const DEFAULT_IMPORT_SOURCE = 'mcp-result-kit';

interface FileStyle {
  quote: string;
  semicolon: string;
  newline: string;
}

function fileStyle(sourceFile: TS.SourceFile, imports: readonly TS.ImportDeclaration[]): FileStyle {
  const text = sourceFile.text;
  // Only statements that end in a semicolon in semicolon style tell us the file's style.
  const sample = imports[imports.length - 1] ?? sourceFile.statements.find((statement) => ts.isVariableStatement(statement) || ts.isExpressionStatement(statement));
  const semicolon = sample && !sample.getText(sourceFile).trimEnd().endsWith(';') ? '' : ';';
  return { quote: majorityQuote(moduleSpecifiers(sourceFile)), semicolon, newline: text.includes('\r\n') ? '\r\n' : '\n' };
}

/**
 * The quote most of `specifiers` use; on a tie, the first one's; single quotes when there are
 * none. A file whose imports were written by different tools (an SDK codemod's double quotes
 * after hand-written single ones) gets the quotes it mostly has.
 */
function majorityQuote(specifiers: string[]): string {
  const doubles = specifiers.filter((specifier) => specifier.startsWith('"')).length;
  const singles = specifiers.length - doubles;
  if (doubles !== singles) return doubles > singles ? '"' : "'";
  return specifiers[0]?.startsWith('"') ? '"' : "'";
}

/** The quoted module names of the file's top-level imports and requires, in source order. */
function moduleSpecifiers(sourceFile: TS.SourceFile): string[] {
  const specifiers: string[] = [];
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement)) specifiers.push(statement.moduleSpecifier.getText(sourceFile));
    if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) specifiers.push(statement.moduleReference.expression.getText(sourceFile));
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const argument = requireCall(declaration.initializer)?.arguments[0];
      if (argument && ts.isStringLiteral(argument)) specifiers.push(argument.getText(sourceFile));
    }
  }
  return specifiers;
}

function importedNames(declaration: TS.ImportDeclaration): string[] {
  const bindings = declaration.importClause?.namedBindings;
  if (!bindings || !ts.isNamedImports(bindings)) return [];
  return bindings.elements.map((element) => element.name.text);
}

function requireCall(node: TS.Expression | undefined): TS.CallExpression | undefined {
  return node !== undefined && ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require' ? node : undefined;
}

function isRequireStatement(statement: TS.Statement): boolean {
  if (ts.isImportEqualsDeclaration(statement)) return ts.isExternalModuleReference(statement.moduleReference);
  if (!ts.isVariableStatement(statement)) return false;
  return statement.declarationList.declarations.some((declaration) => requireCall(declaration.initializer) !== undefined);
}

function hasExportModifier(statement: TS.Statement): boolean {
  return ts.canHaveModifiers(statement) && (ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) ?? false);
}

const TYPESCRIPT_FILE = /\.(?:[cm]?ts|tsx)$/i;

/**
 * `require` or `import` for the helpers: the file's own statements decide, then its format. A
 * TypeScript file gets `import` unless it already uses `require`: tsc compiles `import` to
 * `require()` for CommonJS output and keeps the helpers' types (a `require()` in a .ts file is
 * untyped, and typescript-eslint's recommended no-require-imports rejects it).
 */
export function usesRequireSyntax(sourceFile: TS.SourceFile, fallback: ModuleFormat): boolean {
  // `import`/`export` statements make a file an ES module (TypeScript's `export =` does not).
  const layout = layoutOf(sourceFile);
  if (layout.usesModuleSyntax) return false;
  if (layout.hasRequire) return true;
  if (TYPESCRIPT_FILE.test(sourceFile.fileName)) return false;
  return fallback === 'cjs';
}

/** Names a top-level `const`/`let`/`var` declares, destructured ones included. */
function declaredNames(name: TS.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : declaredNames(element.name)));
}

/** The end of the prologue ("use strict" and other directives), where new statements may start. */
function prologueEnd(sourceFile: TS.SourceFile): TS.Statement | undefined {
  let last: TS.Statement | undefined;
  for (const statement of sourceFile.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    last = statement;
  }
  return last;
}

const RESULT_TYPE = 'ToolResult';

/**
 * What import planning needs to know about a file's top level, read in one pass over its
 * statements and kept per SourceFile (an immutable tree): a suggestion is planned for every site,
 * and a scan per site made a file with 20,000 top-level registrations quadratic.
 */
interface FileLayout {
  /** Names the top level's imports and `const`/`let`/`var` declarations bind (destructured included). */
  boundNames: ReadonlySet<string>;
  /** Bound names plus declared types, classes, enums, namespaces and namespace imports. */
  typeNames: ReadonlySet<string>;
  imports: readonly TS.ImportDeclaration[];
  lastRequire: TS.Statement | undefined;
  usesModuleSyntax: boolean;
  hasRequire: boolean;
  style: FileStyle;
  /** Per module source: the local name of its imported `ToolResult` (first import that has one). */
  resultTypeImports: ReadonlyMap<string, string>;
  /** Per module source: the first top-level `const { … } = require('<source>')` pattern. */
  requirePatterns: ReadonlyMap<string, TS.ObjectBindingPattern>;
  /** The resolved result type name, per helpers' module. */
  resultTypeNames: Map<string, string>;
}

const layouts = new WeakMap<TS.SourceFile, FileLayout>();
let layoutScans = 0;

/** How many times a file's top level was scanned for import planning (tests assert it stays one per file). */
export function importLayoutScans(): number {
  return layoutScans;
}

function layoutOf(sourceFile: TS.SourceFile): FileLayout {
  const cached = layouts.get(sourceFile);
  if (cached) return cached;
  layoutScans++;
  const boundNames = new Set<string>();
  const typeNames = new Set<string>();
  const imports: TS.ImportDeclaration[] = [];
  const resultTypeImports = new Map<string, string>();
  const requirePatterns = new Map<string, TS.ObjectBindingPattern>();
  let lastRequire: TS.Statement | undefined;
  let moduleSyntax = false;
  for (const statement of sourceFile.statements) {
    if (isRequireStatement(statement)) lastRequire = statement;
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) || (ts.isExportAssignment(statement) && !statement.isExportEquals) || hasExportModifier(statement)) moduleSyntax = true;
    if (ts.isImportDeclaration(statement)) {
      imports.push(statement);
      for (const name of importedNames(statement)) boundNames.add(name);
      const clause = statement.importClause;
      if (clause?.name) boundNames.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) typeNames.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings) && ts.isStringLiteral(statement.moduleSpecifier) && !resultTypeImports.has(statement.moduleSpecifier.text)) {
        const element = bindings.elements.find((candidate) => (candidate.propertyName ?? candidate.name).text === RESULT_TYPE);
        if (element) resultTypeImports.set(statement.moduleSpecifier.text, element.name.text);
      }
    } else if (ts.isImportEqualsDeclaration(statement)) {
      boundNames.add(statement.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        for (const name of declaredNames(declaration.name)) boundNames.add(name);
        const argument = requireCall(declaration.initializer)?.arguments[0];
        if (argument && ts.isStringLiteral(argument) && ts.isObjectBindingPattern(declaration.name) && !requirePatterns.has(argument.text)) requirePatterns.set(argument.text, declaration.name);
      }
    } else if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement) || ts.isModuleDeclaration(statement)) {
      if (statement.name !== undefined && ts.isIdentifier(statement.name)) typeNames.add(statement.name.text);
    }
  }
  for (const name of boundNames) typeNames.add(name);
  const layout: FileLayout = {
    boundNames,
    typeNames,
    imports,
    lastRequire,
    usesModuleSyntax: moduleSyntax,
    hasRequire: lastRequire !== undefined,
    style: fileStyle(sourceFile, imports),
    resultTypeImports,
    requirePatterns,
    resultTypeNames: new Map(),
  };
  layouts.set(sourceFile, layout);
  return layout;
}

/**
 * The name rewritten return types are written with: the runtime's `ToolResult`, as the file
 * already imports it from the helpers' module, else `ToolResult`, else (the file has a
 * `ToolResult` of its own, often a narrower result type) an alias that is free.
 */
export function resultTypeName(sourceFile: TS.SourceFile, importSource: string = DEFAULT_IMPORT_SOURCE): string {
  const layout = layoutOf(sourceFile);
  let name = layout.resultTypeNames.get(importSource);
  if (name === undefined) {
    name = layout.resultTypeImports.get(importSource) ?? freeTypeName(layout.typeNames);
    layout.resultTypeNames.set(importSource, name);
  }
  return name;
}

function freeTypeName(taken: ReadonlySet<string>): string {
  for (const candidate of [RESULT_TYPE, 'McpToolResult', 'KitToolResult']) if (!taken.has(candidate)) return candidate;
  let index = 2;
  while (taken.has(`KitToolResult${index}`)) index++;
  return `KitToolResult${index}`;
}

/**
 * Edits that make `helpers` (and optionally the CallToolResult type) importable in the file:
 * merged into an existing import (or require) of the same module, or one new statement after the
 * file's last import (or require), or after its "use strict" prologue. CommonJS files get
 * `const { … } = require(…)` (see usesRequireSyntax), ES modules `import`.
 */
export function planImports(sourceFile: TS.SourceFile, helpers: Iterable<HelperName>, options: ImportPlanOptions = {}): TextEdit[] {
  const source = options.importSource ?? DEFAULT_IMPORT_SOURCE;
  const layout = layoutOf(sourceFile);
  const { style, imports, lastRequire } = layout;
  const edits: TextEdit[] = [];
  const wanted = [...new Set(helpers)].filter((name) => !layout.boundNames.has(name)).sort();
  const lastImport = imports[imports.length - 1];
  const newLines: string[] = [];

  // `type ToolResult` (or `type ToolResult as McpToolResult`), unless the file imports it already.
  let typeSpecifier: string | undefined;
  if (options.resultType && !layout.resultTypeImports.has(source)) {
    const name = resultTypeName(sourceFile, source);
    typeSpecifier = name === RESULT_TYPE ? RESULT_TYPE : `${RESULT_TYPE} as ${name}`;
  }

  const useRequire = usesRequireSyntax(sourceFile, options.moduleFormat ?? 'esm');
  const namedImportOf = (typeOnly: boolean) =>
    options.before ? undefined : imports.find((declaration) => ts.isStringLiteral(declaration.moduleSpecifier) && declaration.moduleSpecifier.text === source && (declaration.importClause?.isTypeOnly ?? false) === typeOnly && declaration.importClause?.namedBindings && ts.isNamedImports(declaration.importClause.namedBindings));
  const existing = namedImportOf(false);
  const mergeInto = (declaration: TS.ImportDeclaration, names: string[]): void => {
    const bindings = declaration.importClause!.namedBindings as TS.NamedImports;
    const merged = [...new Set([...bindings.elements.map((element) => element.getText(sourceFile)), ...names])].sort((a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')));
    edits.push({ start: bindings.getStart(sourceFile), end: bindings.getEnd(), text: `{ ${merged.join(', ')} }` });
  };

  if (existing && (wanted.length > 0 || typeSpecifier !== undefined)) {
    // One edit for helpers and type alike: two edits of the same import would overlap.
    mergeInto(existing, [...wanted, ...(typeSpecifier === undefined ? [] : [`type ${typeSpecifier}`])]);
    typeSpecifier = undefined;
  } else if (wanted.length > 0) {
    const existingPattern = useRequire && !options.before ? layout.requirePatterns.get(source) : undefined;
    if (existingPattern) {
      const merged = [...new Set([...existingPattern.elements.map((element) => element.getText(sourceFile)), ...wanted])].sort();
      edits.push({ start: existingPattern.getStart(sourceFile), end: existingPattern.getEnd(), text: `{ ${merged.join(', ')} }` });
    } else if (useRequire) {
      newLines.push(`const { ${wanted.join(', ')} } = require(${style.quote}${source}${style.quote})${style.semicolon}`);
    } else if (typeSpecifier !== undefined) {
      newLines.push(`import { ${[...wanted, `type ${typeSpecifier}`].join(', ')} } from ${style.quote}${source}${style.quote}${style.semicolon}`);
      typeSpecifier = undefined;
    } else {
      newLines.push(`import { ${wanted.join(', ')} } from ${style.quote}${source}${style.quote}${style.semicolon}`);
    }
  }

  if (typeSpecifier !== undefined) {
    const typeOnly = namedImportOf(true);
    if (typeOnly) mergeInto(typeOnly, [typeSpecifier]);
    else newLines.push(`import type { ${typeSpecifier} } from ${style.quote}${source}${style.quote}${style.semicolon}`);
  }

  if (newLines.length > 0 && options.before) {
    edits.push(statementsBefore(sourceFile, options.before, newLines, style.newline));
  } else if (newLines.length > 0) {
    const anchor = (useRequire ? lastRequire ?? lastImport : lastImport ?? lastRequire) ?? prologueEnd(sourceFile);
    if (anchor) {
      edits.push({ start: anchor.getEnd(), end: anchor.getEnd(), text: newLines.map((line) => style.newline + line).join('') });
    } else {
      const first = sourceFile.statements[0];
      const at = first ? first.getStart(sourceFile) : 0;
      edits.push({ start: at, end: at, text: newLines.map((line) => line + style.newline).join('') + (first ? style.newline : '') });
    }
  }
  return edits;
}

/** `lines` as statements of their own, on the lines above `statement` and its leading comments. */
function statementsBefore(sourceFile: TS.SourceFile, statement: TS.Statement, lines: string[], newline: string): TextEdit {
  const text = sourceFile.text;
  // The comments that belong to the statement: the run just above it, with no blank line between.
  let first = statement.getStart(sourceFile);
  const comments = ts.getLeadingCommentRanges(text, statement.pos) ?? [];
  for (let index = comments.length - 1; index >= 0; index--) {
    if (/\n[ \t]*\r?\n/.test(text.slice(comments[index].end, first))) break;
    first = comments[index].pos;
  }
  const lineStart = text.lastIndexOf('\n', first - 1) + 1;
  const at = text.slice(lineStart, first).trim() === '' ? lineStart : first;
  const joined = lines.join(newline);
  return at === lineStart ? { start: at, end: at, text: `${joined}${newline}` } : { start: at, end: at, text: `${joined} ` };
}
