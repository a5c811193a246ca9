import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { importedDeclaration } from '../discovery/resolve.js';
import { topLevelDeclaration } from '../flow/project.js';
import { promisedType, propertyName, unwrap } from '../syntax.js';
import { returnExpressions } from './predicates.js';
import type { SiteScope } from './scope.js';

/** What a function's declared return type says its value is, without type information. */
export type DeclaredShape = 'result' | 'data' | 'string' | 'unknown';

// Result types by name: the SDK's, FastMCP's, the runtime's, and the usual names servers give their own.
const RESULT_TYPE_NAMES = /(?:^|\.)(?:CallToolResult|ToolResult|ContentResult|SuccessResult|ErrorResult|ToolResponse|McpResponse|McpToolResponse|ServerResult)$/;

/**
 * `async listItems(): Promise<ItemCollection>`: a project function that says it returns data (an
 * interface or type of the project without `content`, an array, a primitive) returns data, whatever
 * its body does. A result type (`CallToolResult`, a type with `content`) says it builds results;
 * anything the analyzer cannot see (a package's type, no annotation) is unknown.
 */
export function declaredShape(fn: TS.SignatureDeclaration, scope: SiteScope, depth = 0): DeclaredShape {
  if (fn.type) return returnTypeShape(fn.type, fn.getSourceFile(), scope);
  return depth < MAX_FORWARDING ? forwardedShape(fn, scope, depth) : 'unknown';
}

// `get(args) { return this.request(args) }` → `request(): Promise<object>`: followed this many functions deep.
const MAX_FORWARDING = 3;

/**
 * A function without an annotation that only returns what other project functions return (an API
 * client's `get` calling its `request`): it says what they say, when they all say the same.
 */
function forwardedShape(fn: TS.SignatureDeclaration, scope: SiteScope, depth: number): DeclaredShape {
  const returned = returnExpressions(fn);
  if (returned.length === 0) return 'unknown';
  const shapes = new Set<DeclaredShape>();
  for (const expression of returned) {
    const value = unwrap(expression);
    if (isParsedBody(value)) {
      shapes.add('data');
      if (shapes.size > 1) return 'unknown';
      continue;
    }
    const callee = ts.isCallExpression(value) ? scope.flow.projectFunction(value) : undefined;
    if (!callee || callee === fn) return 'unknown';
    shapes.add(declaredShape(callee, scope, depth + 1));
    if (shapes.size > 1) return 'unknown';
  }
  return [...shapes][0];
}

/** `response.json()`: the parsed body of an HTTP response, data whatever it holds. */
function isParsedBody(value: TS.Expression): boolean {
  return ts.isCallExpression(value) && value.arguments.length === 0 && ts.isPropertyAccessExpression(value.expression) && value.expression.name.text === 'json';
}

function returnTypeShape(declared: TS.TypeNode, file: TS.SourceFile, scope: SiteScope): DeclaredShape {
  return shapeOfType(promisedType(declared), file, scope, 0);
}

/**
 * What a call's declared type says its value is: the project function it enters (`fn`, the value
 * flow's `projectFunction(call)`), else the method its receiver's declared type names.
 */
export function declaredShapeOfCall(call: TS.CallExpression, fn: TS.SignatureDeclaration | undefined, scope: SiteScope): DeclaredShape {
  return fn ? declaredShape(fn, scope) : declaredCallShape(call, scope);
}

/**
 * `client.card(id)` where `client: BoardClient` and the project's `BoardClient` declares
 * `card(id: string): Promise<Card | null>`: what the method's declared return type says.
 */
export function declaredCallShape(call: TS.CallExpression, scope: SiteScope): DeclaredShape {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression)) return 'unknown';
  const declaration = scope.locals.declarationOf(callee.expression);
  const annotation = declaration && (ts.isParameter(declaration) || ts.isVariableDeclaration(declaration)) ? declaration.type : undefined;
  if (!annotation || !ts.isTypeReferenceNode(annotation) || !ts.isIdentifier(annotation.typeName)) return 'unknown';
  const owner = typeDeclaration(annotation.typeName, callee.getSourceFile(), scope);
  const members = owner && ts.isInterfaceDeclaration(owner) ? owner.members : owner && ts.isTypeAliasDeclaration(owner) && ts.isTypeLiteralNode(owner.type) ? owner.type.members : undefined;
  const member = members?.find((candidate) => candidate.name !== undefined && propertyName(candidate.name as TS.PropertyName) === callee.name.text);
  if (!member) return 'unknown';
  const returned = ts.isMethodSignature(member) ? member.type : ts.isPropertySignature(member) && member.type && ts.isFunctionTypeNode(member.type) ? member.type.type : undefined;
  return returned ? returnTypeShape(returned, member.getSourceFile(), scope) : 'unknown';
}

function shapeOfType(type: TS.TypeNode, file: TS.SourceFile, scope: SiteScope, depth: number): DeclaredShape {
  if (depth > 4) return 'unknown';
  if (type.kind === ts.SyntaxKind.StringKeyword || ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal)) return 'string';
  // `Promise<object>`: some object, which is data to whoever declared it (a result would say so).
  if (type.kind === ts.SyntaxKind.ObjectKeyword) return 'data';
  // Content items (`ToolContent[]`, `Array<{ type: 'text'; text: string }>`) are what some
  // frameworks send as a result's content: a builder of results, not data.
  const element = ts.isArrayTypeNode(type) ? type.elementType : ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'Array' ? type.typeArguments?.[0] : undefined;
  if (element && isContentItemType(element, file, scope, depth + 1)) return 'unknown';
  if (ts.isArrayTypeNode(type) || (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && (type.typeName.text === 'Array' || type.typeName.text === 'Record'))) return 'data';
  if (ts.isTypeLiteralNode(type)) return membersShape(type.members);
  if (ts.isParenthesizedTypeNode(type)) return shapeOfType(type.type, file, scope, depth + 1);
  if (ts.isUnionTypeNode(type)) {
    const shapes = new Set(type.types.filter((member) => member.kind !== ts.SyntaxKind.UndefinedKeyword && !(ts.isLiteralTypeNode(member) && member.literal.kind === ts.SyntaxKind.NullKeyword)).map((member) => shapeOfType(member, file, scope, depth + 1)));
    return shapes.size === 1 ? [...shapes][0] : 'unknown';
  }
  if (!ts.isTypeReferenceNode(type)) return 'unknown';
  const name = ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
  if (RESULT_TYPE_NAMES.test(name)) return 'result';
  const declaration = ts.isIdentifier(type.typeName) ? typeDeclaration(type.typeName, file, scope) : undefined;
  if (!declaration) return 'unknown';
  if (ts.isInterfaceDeclaration(declaration)) return membersShape(declaration.members);
  if (ts.isTypeAliasDeclaration(declaration)) return shapeOfType(declaration.type, declaration.getSourceFile(), scope, depth + 1);
  return 'unknown';
}

const CONTENT_ITEM_TYPE_NAMES = /(?:^|\.)(?:TextContent|ImageContent|AudioContent|EmbeddedResource|ResourceLink|ContentBlock|ContentItem|ToolContent|Content)$/;

/** `{ type: 'text'; text: string }`, a union of such, or a type named like an MCP content block. */
function isContentItemType(type: TS.TypeNode, file: TS.SourceFile, scope: SiteScope, depth: number): boolean {
  if (depth > 4) return false;
  if (ts.isParenthesizedTypeNode(type)) return isContentItemType(type.type, file, scope, depth + 1);
  if (ts.isUnionTypeNode(type)) return type.types.every((member) => isContentItemType(member, file, scope, depth + 1));
  if (ts.isTypeLiteralNode(type)) {
    const names = new Set(type.members.filter(ts.isPropertySignature).map((member) => propertyName(member.name)));
    return names.has('type') && (names.has('text') || names.has('data') || names.has('resource'));
  }
  if (!ts.isTypeReferenceNode(type)) return false;
  const name = ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
  if (CONTENT_ITEM_TYPE_NAMES.test(name)) return true;
  const declaration = ts.isIdentifier(type.typeName) ? typeDeclaration(type.typeName, file, scope) : undefined;
  if (declaration && ts.isTypeAliasDeclaration(declaration)) return isContentItemType(declaration.type, declaration.getSourceFile(), scope, depth + 1);
  if (declaration && ts.isInterfaceDeclaration(declaration)) {
    const names = new Set(declaration.members.filter(ts.isPropertySignature).map((member) => propertyName(member.name)));
    return names.has('type') && (names.has('text') || names.has('data'));
  }
  return false;
}

function membersShape(members: TS.NodeArray<TS.TypeElement>): DeclaredShape {
  const names = members.filter(ts.isPropertySignature).map((member) => propertyName(member.name));
  // `content: string` is a comment's or a note's text; a result's content is a list of items.
  const content = members.find((member): member is TS.PropertySignature => ts.isPropertySignature(member) && propertyName(member.name) === 'content');
  if (content && content.type?.kind !== ts.SyntaxKind.StringKeyword) return 'result';
  // `{ isError: true; message }`: a result-like shape some code turns into a result.
  if (names.some((name) => name === 'isError' || name === 'structuredContent' || name === 'toolResult')) return 'unknown';
  // An index signature alone (`{ [key: string]: unknown }`) says nothing.
  return members.some((member) => ts.isPropertySignature(member)) ? 'data' : 'unknown';
}

function typeDeclaration(name: TS.Identifier, file: TS.SourceFile, scope: SiteScope): TS.Declaration | undefined {
  const local = topLevelDeclaration(file, name.text);
  if (local) return local;
  const imported = importedDeclaration(name, { ...scope, sourceFile: file });
  return imported?.kind === 'declaration' ? (imported.node as TS.Declaration) : undefined;
}
