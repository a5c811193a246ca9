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

function fileStyle(sourceFile: TS.SourceFile): FileStyle {
  const text = sourceFile.text;
  const imports = sourceFile.statements.filter(ts.isImportDeclaration);
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

/** `import`/`export` statements make a file an ES module (TypeScript's `export =` does not). */
function usesModuleSyntax(sourceFile: TS.SourceFile): boolean {
  return sourceFile.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) ||
      ts.isExportDeclaration(statement) ||
      (ts.isExportAssignment(statement) && !statement.isExportEquals) ||
      hasExportModifier(statement),
  );
}

const TYPESCRIPT_FILE = /\.(?:[cm]?ts|tsx)$/i;

/**
 * `require` or `import` for the helpers: the file's own statements decide, then its format. A
 * TypeScript file gets `import` unless it already uses `require`: tsc compiles `import` to
 * `require()` for CommonJS output and keeps the helpers' types (a `require()` in a .ts file is
 * untyped, and typescript-eslint's recommended no-require-imports rejects it).
 */
export function usesRequireSyntax(sourceFile: TS.SourceFile, fallback: ModuleFormat): boolean {
  if (usesModuleSyntax(sourceFile)) return false;
  if (sourceFile.statements.some(isRequireStatement)) return true;
  if (TYPESCRIPT_FILE.test(sourceFile.fileName)) return false;
  return fallback === 'cjs';
}

/** `const { a, b } = require('<source>')` at the top level, for merging more names into it. */
function existingRequire(sourceFile: TS.SourceFile, source: string): TS.ObjectBindingPattern | undefined {
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const call = requireCall(declaration.initializer);
      const argument = call?.arguments[0];
      if (argument && ts.isStringLiteral(argument) && argument.text === source && ts.isObjectBindingPattern(declaration.name)) return declaration.name;
    }
  }
  return undefined;
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

function isNameBound(sourceFile: TS.SourceFile, name: string): boolean {
  return sourceFile.statements.some((statement) => {
    if (ts.isImportDeclaration(statement)) return importedNames(statement).includes(name) || statement.importClause?.name?.text === name;
    if (ts.isImportEqualsDeclaration(statement)) return statement.name.text === name;
    if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.some((declaration) => declaredNames(declaration.name).includes(name));
    return false;
  });
}

const RESULT_TYPE = 'ToolResult';

/** Types and values the file declares or imports at the top level: a name for the result type must be free of them. */
function isTypeNameTaken(sourceFile: TS.SourceFile, name: string): boolean {
  if (isNameBound(sourceFile, name)) return true;
  return sourceFile.statements.some((statement) => {
    if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement) || ts.isModuleDeclaration(statement)) {
      return statement.name !== undefined && ts.isIdentifier(statement.name) && statement.name.text === name;
    }
    if (ts.isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings;
      return bindings !== undefined && ts.isNamespaceImport(bindings) && bindings.name.text === name;
    }
    return false;
  });
}

/** The local name of `ToolResult` in an existing import of `source`, if there is one. */
function importedResultType(sourceFile: TS.SourceFile, source: string): string | undefined {
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== source) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const element = bindings.elements.find((candidate) => (candidate.propertyName ?? candidate.name).text === RESULT_TYPE);
    if (element) return element.name.text;
  }
  return undefined;
}

/**
 * The name rewritten return types are written with: the runtime's `ToolResult`, as the file
 * already imports it from the helpers' module, else `ToolResult`, else (the file has a
 * `ToolResult` of its own, often a narrower result type) an alias that is free.
 */
export function resultTypeName(sourceFile: TS.SourceFile, importSource: string = DEFAULT_IMPORT_SOURCE): string {
  const imported = importedResultType(sourceFile, importSource);
  if (imported !== undefined) return imported;
  for (const candidate of [RESULT_TYPE, 'McpToolResult', 'KitToolResult']) if (!isTypeNameTaken(sourceFile, candidate)) return candidate;
  let index = 2;
  while (isTypeNameTaken(sourceFile, `KitToolResult${index}`)) index++;
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
  const style = fileStyle(sourceFile);
  const edits: TextEdit[] = [];
  const wanted = [...new Set(helpers)].filter((name) => !isNameBound(sourceFile, name)).sort();
  const imports = sourceFile.statements.filter(ts.isImportDeclaration);
  const lastImport = imports[imports.length - 1];
  const lastRequire = [...sourceFile.statements].reverse().find(isRequireStatement);
  const newLines: string[] = [];

  // `type ToolResult` (or `type ToolResult as McpToolResult`), unless the file imports it already.
  let typeSpecifier: string | undefined;
  if (options.resultType && importedResultType(sourceFile, source) === undefined) {
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
    const existingPattern = useRequire && !options.before ? existingRequire(sourceFile, source) : undefined;
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
