import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import type { ZodMajor } from './print.js';

/** How a file already names zod: the local name and the major version its import gives. */
export interface ZodBinding {
  name: string;
  major: ZodMajor;
}

const ZOD_SPECIFIERS = new Set(['zod', 'zod/v3', 'zod/v4']);

/**
 * The file's own zod binding (`import { z } from 'zod'`, `import * as z from 'zod/v4'`, `const { z } =
 * require('zod')`), with the major the specifier gives: `zod/v3` and `zod/v4` say it, plain `zod` is
 * the installed copy's major (else the range in package.json; zod 3 when nothing says).
 */
export function zodBindingOf(sourceFile: TS.SourceFile): ZodBinding | undefined {
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && ZOD_SPECIFIERS.has(statement.moduleSpecifier.text) && !statement.importClause?.isTypeOnly) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      let name: string | undefined;
      if (bindings && ts.isNamespaceImport(bindings)) name = bindings.name.text;
      else if (bindings && ts.isNamedImports(bindings)) name = bindings.elements.find((element) => (element.propertyName ?? element.name).text === 'z' && !element.isTypeOnly)?.name.text;
      name ??= clause?.name?.text;
      if (name) return { name, major: majorOf(statement.moduleSpecifier.text, sourceFile.fileName) };
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== 'require') continue;
        const specifier = init.arguments[0];
        if (!specifier || !ts.isStringLiteral(specifier) || !ZOD_SPECIFIERS.has(specifier.text)) continue;
        let name: string | undefined;
        if (ts.isIdentifier(declaration.name)) name = declaration.name.text;
        else if (ts.isObjectBindingPattern(declaration.name)) {
          const element = declaration.name.elements.find((candidate) => ((candidate.propertyName as TS.Identifier | undefined) ?? candidate.name).getText(sourceFile) === 'z');
          if (element && ts.isIdentifier(element.name)) name = element.name.text;
        }
        if (name) return { name, major: majorOf(specifier.text, sourceFile.fileName) };
      }
    }
  }
  return undefined;
}

const majorCache = new Map<string, ZodMajor>();

function majorOf(specifier: string, fileName: string): ZodMajor {
  if (specifier === 'zod/v3') return 3;
  if (specifier === 'zod/v4') return 4;
  const folder = path.dirname(path.resolve(fileName));
  let major = majorCache.get(folder);
  if (major === undefined) {
    major = installedMajor(folder) ?? 3;
    majorCache.set(folder, major);
  }
  return major;
}

/** The installed zod's major, else the major of the nearest package.json's zod range. */
function installedMajor(folder: string): ZodMajor | undefined {
  const version = installedVersion(folder, 'zod');
  if (version === undefined) return undefined;
  const major = /(\d+)/.exec(version)?.[1];
  return major === '3' ? 3 : major === '4' ? 4 : undefined;
}

/**
 * The version of `name` installed for a file in `folder` (the nearest node_modules copy), else the
 * range the nearest package.json that names it gives; undefined when neither says.
 */
function installedVersion(folder: string, name: string): string | undefined {
  let range: string | undefined;
  for (let current = folder; ; current = path.dirname(current)) {
    const installed = readJson(path.join(current, 'node_modules', ...name.split('/'), 'package.json'));
    if (typeof installed?.version === 'string') return installed.version;
    const manifest = readJson(path.join(current, 'package.json'));
    if (range === undefined && manifest) {
      for (const field of ['dependencies', 'devDependencies', 'peerDependencies'] as const) {
        const value = (manifest[field] as Record<string, unknown> | undefined)?.[name];
        if (typeof value === 'string') range = value;
      }
    }
    if (path.dirname(current) === current) break;
  }
  return range;
}

const schemaObjectCache = new Map<string, boolean>();

/**
 * Does the SDK 1.x this file runs on take a zod object schema as outputSchema, not only a raw
 * shape? From 1.23 (the release that took zod 4) `registerTool` accepts either. A raw shape
 * becomes `additionalProperties: false` in tools/list, so a result with one key more than its type
 * names fails the client's validation; a loose object lets such keys through.
 */
export function acceptsSchemaObject(fileName: string): boolean {
  const folder = path.dirname(path.resolve(fileName));
  let accepts = schemaObjectCache.get(folder);
  if (accepts === undefined) {
    const version = installedVersion(folder, '@modelcontextprotocol/sdk');
    const [major, minor] = (/(\d+)\.(\d+)/.exec(version ?? '')?.slice(1) ?? []).map(Number);
    accepts = major === 1 && minor >= 23;
    schemaObjectCache.set(folder, accepts);
  }
  return accepts;
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
