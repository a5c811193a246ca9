import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { getPropertyValue, propertyName } from '../syntax.js';
import { declaredZodSchema, type Declared } from './declared.js';
import type { JsonSchema, SchemaOutcome } from './json-schema.js';
import { propertyTypeToSchema, typeToSchema } from './type-to-schema.js';
import { zodBindingOf } from './zod.js';

/**
 * The schema of a structured value, asking the checker as little as it can. Inside a
 * `registerTool` or `addTool` callback, a type query that reaches the callback's parameters makes
 * the checker resolve the whole registration call (the SDK's generic signature over the zod input
 * schema), the costly part of an output schema. So an object literal is read property by property,
 * a literal by its syntax (widened, as a literal in an inferred object is: `'a'` is a string), and a
 * value whose declarations give its type (a typed const or parameter, the declared return type of a
 * non-generic function, a property of such a value) from those declarations; anything else is asked
 * of the checker as it is. A widened literal makes the schema wider, never narrower than the type.
 */
export function schemaOfValue(expression: TS.Expression, checker: TS.TypeChecker, where = 'the value'): SchemaOutcome {
  const node = withoutParentheses(expression);
  if (ts.isObjectLiteralExpression(node)) {
    const properties = plainProperties(node);
    if (properties) return objectSchema(properties, checker, where);
  }
  // A literal on its own keeps its literal type (`structuredContent: 3` is `3`): the checker says it, cheaply.
  return typeToSchema(declaredTypeOf(node, checker) ?? checker.getTypeAtLocation(node), checker, node, where);
}

type PlainProperty = { name: string; value: TS.Expression };

/** `{ a: x, b }` with named keys only: no spread, method, accessor or computed key. */
function plainProperties(object: TS.ObjectLiteralExpression): PlainProperty[] | undefined {
  const found: PlainProperty[] = [];
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && !ts.isComputedPropertyName(property.name)) {
      const name = propertyName(property.name);
      if (name === null) return undefined;
      found.push({ name, value: property.initializer });
    } else if (ts.isShorthandPropertyAssignment(property) && !property.objectAssignmentInitializer) {
      found.push({ name: property.name.text, value: property.name });
    } else {
      return undefined;
    }
  }
  // A later key replaces an earlier one: the literal is read as the checker would only without repeats.
  return new Set(found.map((property) => property.name)).size === found.length ? found : undefined;
}

function objectSchema(properties: readonly PlainProperty[], checker: TS.TypeChecker, where: string): SchemaOutcome {
  const schemas: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const { name, value } of properties) {
    const label = `${where}.${name}`;
    const node = withoutParentheses(value);
    if (isFunctionValue(node)) continue;
    const literal = literalSchema(node);
    if (literal || (ts.isObjectLiteralExpression(node) && plainProperties(node))) {
      const outcome = literal ? { schema: literal } : schemaOfValue(node, checker, label);
      if ('reason' in outcome) return outcome;
      schemas[name] = outcome.schema;
      required.push(name);
      continue;
    }
    const argument = ts.isIdentifier(node) ? inputArgumentSchema(node, checker) : undefined;
    if (argument) {
      schemas[name] = argument.schema;
      if (!argument.optional) required.push(name);
      continue;
    }
    const type = declaredTypeOf(node, checker) ?? checker.getTypeAtLocation(node);
    // Functions are dropped by JSON.stringify, as a type's function-typed properties are.
    if (type.getCallSignatures().length > 0 && !type.isUnion()) continue;
    const outcome = propertyTypeToSchema(type, checker, node, label);
    if ('reason' in outcome) return outcome;
    // Always undefined: JSON.stringify never writes the key.
    if (outcome.schema === null) continue;
    schemas[name] = outcome.schema;
    if (!outcome.optional) required.push(name);
  }
  if (Object.keys(schemas).length === 0) return { reason: `${where} is typed {}, which names no keys` };
  return { schema: { type: 'object', properties: schemas, ...(required.length > 0 ? { required } : {}) } };
}

/**
 * A tool argument destructured in the handler's parameter (`async ({ id }) => …`), read from the
 * registration's zod input schema (`inputSchema: { id: z.string() }`, FastMCP's `parameters:
 * z.object({ … })`) when that says its type plainly: a primitive, a literal or enum, an array of
 * those. The checker would infer the whole registration call to type it.
 */
function inputArgumentSchema(identifier: TS.Identifier, checker: TS.TypeChecker): { schema: JsonSchema; optional: boolean } | undefined {
  const declaration = checker.getSymbolAtLocation(identifier)?.valueDeclaration;
  if (!declaration || !ts.isBindingElement(declaration) || declaration.initializer || declaration.dotDotDotToken || !ts.isIdentifier(declaration.name)) return undefined;
  const pattern = declaration.parent;
  const parameter = pattern.parent;
  if (!ts.isObjectBindingPattern(pattern) || !ts.isParameter(parameter) || parameter.type || parameter.initializer) return undefined;
  const handler = parameter.parent;
  if (!isFunctionValue(handler as TS.Expression) || handler.parameters[0] !== parameter) return undefined;
  const inputSchema = inputSchemaOf(handler);
  const zod = inputSchema && zodBindingOf(identifier.getSourceFile());
  if (!inputSchema || !zod) return undefined;
  const declared = declaredZodSchema(inputSchema, zod.name, checker);
  const key = declaration.propertyName ? propertyName(declaration.propertyName as TS.PropertyName) : declaration.name.text;
  const property = declared.kind === 'object' && key !== null ? declared.properties.get(key) : undefined;
  const schema = property && plainSchema(property.schema);
  return schema && { schema, optional: property.optional };
}

/** The input schema of the registration a handler is written in: registerTool's `inputSchema`, FastMCP's `parameters`. */
function inputSchemaOf(handler: TS.Node): TS.Expression | undefined {
  const holder = handler.parent;
  if (ts.isCallExpression(holder) && ts.isPropertyAccessExpression(holder.expression) && holder.expression.name.text === 'registerTool' && holder.arguments[holder.arguments.length - 1] === handler) {
    const config = holder.arguments.length === 3 ? withoutParentheses(holder.arguments[1]) : undefined;
    const value = config && ts.isObjectLiteralExpression(config) ? getPropertyValue(config, 'inputSchema') : undefined;
    return value && !ts.isMethodDeclaration(value) ? value : undefined;
  }
  if (ts.isPropertyAssignment(holder) && propertyName(holder.name) === 'execute' && ts.isObjectLiteralExpression(holder.parent)) {
    const value = getPropertyValue(holder.parent, 'parameters');
    return value && !ts.isMethodDeclaration(value) ? value : undefined;
  }
  return undefined;
}

/** A declared zod schema as JSON Schema, when it is plain enough to be the argument's whole type. */
function plainSchema(declared: Declared): JsonSchema | undefined {
  switch (declared.kind) {
    case 'primitive':
      return declared.types.size === 1 ? { type: [...declared.types][0] } : undefined;
    case 'enum':
      return { enum: [...declared.values] };
    case 'array': {
      const items = plainSchema(declared.items);
      return items && { type: 'array', items };
    }
    default:
      return undefined;
  }
}

const isFunctionValue = (node: TS.Node): node is TS.ArrowFunction | TS.FunctionExpression => ts.isArrowFunction(node) || ts.isFunctionExpression(node);

/** A literal as the type of a mutable object property has it: widened (`'a'` is a string). */
function literalSchema(node: TS.Expression): JsonSchema | undefined {
  if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) return { type: 'string' };
  if (ts.isNumericLiteral(node) || (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand))) return { type: 'number' };
  if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword) return { type: 'boolean' };
  if (node.kind === ts.SyntaxKind.NullKeyword) return { type: 'null' };
  return undefined;
}

// A value's declarations are followed this many steps (a const to its initializer, a property to its object).
const MAX_STEPS = 8;

/**
 * The type of `node` from declarations alone, when they give it without checking a call's arguments.
 * A reference (`x`, `x.y`) whose declared type is a union, `unknown` or `any` may be narrowed where it
 * is read (`if (!ticket) return …`): only the checker knows that type, so it is asked.
 */
function declaredTypeOf(node: TS.Expression, checker: TS.TypeChecker, steps = 0): TS.Type | undefined {
  const type = declaredTypeOfValue(node, checker, steps);
  const value = withoutParentheses(node);
  const narrowable = ts.isIdentifier(value) || ts.isPropertyAccessExpression(value);
  if (type && narrowable && (type.isUnion() || type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any))) return undefined;
  return type;
}

function declaredTypeOfValue(node: TS.Expression, checker: TS.TypeChecker, steps: number): TS.Type | undefined {
  if (steps > MAX_STEPS) return undefined;
  const value = withoutParentheses(node);
  if (ts.isAwaitExpression(value)) {
    const awaited = declaredTypeOf(value.expression, checker, steps + 1);
    return awaited && checker.getAwaitedType(awaited);
  }
  if ((ts.isAsExpression(value) || ts.isTypeAssertionExpression(value)) && !isConstAssertion(value.type)) return checker.getTypeFromTypeNode(value.type);
  if (ts.isIdentifier(value)) return identifierType(value, checker, steps);
  if (ts.isPropertyAccessExpression(value) && !ts.isOptionalChain(value) && ts.isIdentifier(value.name)) {
    // The object may be narrowed too (`item?.x` after a check): only a declared type that is not a union is read.
    const object = declaredTypeOf(value.expression, checker, steps + 1);
    const property = object && !(object.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) ? checker.getPropertyOfType(checker.getApparentType(object), value.name.text) : undefined;
    return property ? checker.getTypeOfSymbolAtLocation(property, value) : undefined;
  }
  if (ts.isCallExpression(value) && !value.questionDotToken && !ts.isOptionalChain(value)) return declaredReturnType(value, checker);
  return undefined;
}

function identifierType(identifier: TS.Identifier, checker: TS.TypeChecker, steps: number): TS.Type | undefined {
  const symbol = checker.getSymbolAtLocation(identifier);
  const declaration = symbol?.declarations?.length === 1 ? symbol.valueDeclaration : undefined;
  if (!declaration || inGenericScope(declaration)) return undefined;
  if (ts.isParameter(declaration) && (declaration.questionToken || declaration.initializer || declaration.dotDotDotToken)) return undefined;
  if ((ts.isVariableDeclaration(declaration) || ts.isParameter(declaration)) && declaration.type && ts.isIdentifier(declaration.name)) return checker.getTypeFromTypeNode(declaration.type);
  if (ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name) && declaration.initializer && ts.isVariableDeclarationList(declaration.parent) && declaration.parent.flags & ts.NodeFlags.Const) {
    // A literal initializer keeps its literal type in a const: the checker says it, cheaply.
    return literalSchema(withoutParentheses(declaration.initializer)) ? undefined : declaredTypeOf(declaration.initializer, checker, steps + 1);
  }
  return undefined;
}

/** The declared return type of the one non-generic signature a call can run. */
function declaredReturnType(call: TS.CallExpression, checker: TS.TypeChecker): TS.Type | undefined {
  const callee = withoutParentheses(call.expression);
  const at = ts.isPropertyAccessExpression(callee) ? callee.name : ts.isIdentifier(callee) ? callee : undefined;
  if (!at || call.typeArguments) return undefined;
  const symbol = checker.getSymbolAtLocation(at);
  const declarations = symbol?.declarations ?? [];
  if (declarations.length !== 1) return undefined;
  const declaration = declarations[0];
  if (!isSignatureWithReturnType(declaration) || declaration.typeParameters || inGenericScope(declaration)) return undefined;
  return checker.getTypeFromTypeNode(declaration.type);
}

type TypedSignature = TS.SignatureDeclaration & { type: TS.TypeNode };

function isSignatureWithReturnType(node: TS.Node): node is TypedSignature {
  return (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isMethodSignature(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)) && (node as TS.SignatureDeclaration).type !== undefined;
}

/** Is the declaration inside a generic class, interface, type or function (its types may name type parameters)? */
function inGenericScope(declaration: TS.Node): boolean {
  for (let current = declaration.parent; current && !ts.isSourceFile(current); current = current.parent) {
    const parameters = (current as TS.Node & { typeParameters?: TS.NodeArray<TS.TypeParameterDeclaration> }).typeParameters;
    if (parameters && parameters.length > 0) return true;
  }
  return false;
}

function isConstAssertion(type: TS.TypeNode): boolean {
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';
}

function withoutParentheses(node: TS.Expression): TS.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isSatisfiesExpression(current)) current = current.expression;
  return current;
}
