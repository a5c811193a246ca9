import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import type { HelperName, TextEdit } from './types.js';

export interface ImportPlanOptions {
  /** Module the helpers come from: `mcp-result-kit` by default, or a relative path to local helpers. */
  importSource?: string;
  /** Also import the `CallToolResult` type (for rewritten return types). */
  callToolResultType?: boolean;
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
  const firstSpecifier = imports[0]?.moduleSpecifier.getText(sourceFile);
  const quote = firstSpecifier?.startsWith('"') ? '"' : "'";
  // Only statements that end in a semicolon in semicolon style tell us the file's style.
  const sample = imports[imports.length - 1] ?? sourceFile.statements.find((statement) => ts.isVariableStatement(statement) || ts.isExpressionStatement(statement));
  const semicolon = sample && !sample.getText(sourceFile).trimEnd().endsWith(';') ? '' : ';';
  return { quote, semicolon, newline: text.includes('\r\n') ? '\r\n' : '\n' };
}

function importedNames(declaration: TS.ImportDeclaration): string[] {
  const bindings = declaration.importClause?.namedBindings;
  if (!bindings || !ts.isNamedImports(bindings)) return [];
  return bindings.elements.map((element) => element.name.text);
}

function isRequireStatement(statement: TS.Statement): boolean {
  if (!ts.isVariableStatement(statement)) return false;
  return statement.declarationList.declarations.some((declaration) => {
    const init = declaration.initializer;
    return init !== undefined && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'require';
  });
}

/** The SDK types module in the import family the file already uses. */
export function sdkTypesSpecifier(sourceFile: TS.SourceFile): string {
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (specifier === '@modelcontextprotocol/server' || specifier.startsWith('@modelcontextprotocol/server/')) return '@modelcontextprotocol/server';
    if (specifier.startsWith('@modelcontextprotocol/sdk/')) return specifier.endsWith('.js') ? '@modelcontextprotocol/sdk/types.js' : '@modelcontextprotocol/sdk/types';
  }
  return '@modelcontextprotocol/sdk/types.js';
}

function isNameBound(sourceFile: TS.SourceFile, name: string): boolean {
  return sourceFile.statements.some((statement) => ts.isImportDeclaration(statement) && (importedNames(statement).includes(name) || statement.importClause?.name?.text === name));
}

/**
 * Edits that make `helpers` (and optionally the CallToolResult type) importable in the file:
 * merged into an existing import of the same module, or one new import after the last one.
 */
export function planImports(sourceFile: TS.SourceFile, helpers: Iterable<HelperName>, options: ImportPlanOptions = {}): TextEdit[] {
  const source = options.importSource ?? DEFAULT_IMPORT_SOURCE;
  const style = fileStyle(sourceFile);
  const edits: TextEdit[] = [];
  const wanted = [...new Set(helpers)].filter((name) => !isNameBound(sourceFile, name)).sort();
  const imports = sourceFile.statements.filter(ts.isImportDeclaration);
  const lastImport = imports[imports.length - 1];
  const newLines: string[] = [];

  const isEsm = imports.length > 0 || !sourceFile.statements.some(isRequireStatement);
  if (wanted.length > 0) {
    const existing = imports.find((declaration) => ts.isStringLiteral(declaration.moduleSpecifier) && declaration.moduleSpecifier.text === source && !declaration.importClause?.isTypeOnly && declaration.importClause?.namedBindings && ts.isNamedImports(declaration.importClause.namedBindings));
    if (existing) {
      const bindings = existing.importClause!.namedBindings as TS.NamedImports;
      const merged = [...new Set([...bindings.elements.map((element) => element.getText(sourceFile)), ...wanted])].sort((a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')));
      edits.push({ start: bindings.getStart(sourceFile), end: bindings.getEnd(), text: `{ ${merged.join(', ')} }` });
    } else if (isEsm) {
      newLines.push(`import { ${wanted.join(', ')} } from ${style.quote}${source}${style.quote}${style.semicolon}`);
    } else {
      newLines.push(`const { ${wanted.join(', ')} } = require(${style.quote}${source}${style.quote})${style.semicolon}`);
    }
  }

  if (options.callToolResultType && !isNameBound(sourceFile, 'CallToolResult')) {
    const typesSpecifier = sdkTypesSpecifier(sourceFile);
    const existing = imports.find((declaration) => ts.isStringLiteral(declaration.moduleSpecifier) && declaration.moduleSpecifier.text === typesSpecifier && declaration.importClause?.namedBindings && ts.isNamedImports(declaration.importClause.namedBindings));
    if (existing) {
      const bindings = existing.importClause!.namedBindings as TS.NamedImports;
      const name = existing.importClause!.isTypeOnly ? 'CallToolResult' : 'type CallToolResult';
      const last = bindings.elements[bindings.elements.length - 1];
      edits.push(last ? { start: last.getEnd(), end: last.getEnd(), text: `, ${name}` } : { start: bindings.getStart(sourceFile) + 1, end: bindings.getStart(sourceFile) + 1, text: ` ${name} ` });
    } else {
      newLines.push(`import type { CallToolResult } from ${style.quote}${typesSpecifier}${style.quote}${style.semicolon}`);
    }
  }

  if (newLines.length > 0) {
    const anchor = lastImport ?? [...sourceFile.statements].reverse().find(isRequireStatement);
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
