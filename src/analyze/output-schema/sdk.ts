import type * as TS from 'typescript';
import { ts } from '../../typescript.js';

/** The SDK a tool is registered with: 1 for `@modelcontextprotocol/sdk` 1.x, 2 for the v2 `@modelcontextprotocol/server`. */
export type SdkMajor = 1 | 2;

const V2_PACKAGE = /[\\/]@modelcontextprotocol[\\/](server|core)[\\/]/;
const V1_PACKAGE = /[\\/]@modelcontextprotocol[\\/]sdk[\\/]/;

/**
 * Which SDK `server.registerTool(…)` belongs to: the declaration of the server's type decides (a
 * server made in another file too); without one the file's imports do (`@modelcontextprotocol/server`
 * alone is v2). The two take different outputSchemas: 1.x a zod shape or object, v2 a Standard
 * Schema with JSON Schema (zod 4, ArkType, Valibot).
 */
export function sdkOfRegistration(call: TS.CallExpression, checker: TS.TypeChecker): SdkMajor {
  if (ts.isPropertyAccessExpression(call.expression)) {
    const type = checker.getTypeAtLocation(call.expression.expression);
    for (const declaration of (type.getSymbol() ?? type.aliasSymbol)?.declarations ?? []) {
      const fileName = declaration.getSourceFile().fileName;
      if (V2_PACKAGE.test(fileName)) return 2;
      if (V1_PACKAGE.test(fileName)) return 1;
    }
  }
  const specifiers = call
    .getSourceFile()
    .statements.filter(ts.isImportDeclaration)
    .map((statement) => (ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : ''));
  const v2 = specifiers.some((specifier) => specifier === '@modelcontextprotocol/server' || specifier.startsWith('@modelcontextprotocol/server/'));
  const v1 = specifiers.some((specifier) => specifier.startsWith('@modelcontextprotocol/sdk'));
  return v2 && !v1 ? 2 : 1;
}
