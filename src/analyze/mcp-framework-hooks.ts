import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import { lineIndent, prefersDoubleQuotes } from './syntax.js';
import type { TextEdit } from './types.js';

/**
 * Two `protected` methods of mcp-framework's `MCPTool` (read at every tag from 0.2.8 on) build the
 * result of a call, and a tool class may override them:
 *
 * - `createErrorResponse(error)` answers a thrown Error. Before 0.2.19 it builds a content item of
 *   type "error" (clients reject it) and no isError; overridden to return `{ content: [{ type:
 *   'text', text: error.message }], isError: true }`, a thrown Error goes out exactly as 0.2.19
 *   and later send it. So on those releases a failure can be thrown too.
 * - `createSuccessResponse(data)` answers a returned value. Before 0.2.20 a plain object goes out
 *   as its JSON text only; overridden to add the object as structuredContent to the text the
 *   framework wrote, the object reaches clients as data too (what an outputSchemaShape does from
 *   0.2.20).
 *
 * The override goes into the tool class once, whichever of its sites needs it: a companion edit.
 */
export type ResponseHook =
  /** The class must gain the override: this edit adds it (the same edit for every site of the class). */
  | { companion: TextEdit }
  /** The class (or a base class in the file) already overrides the method to do it. */
  | { present: true }
  | { reviewReason: string };

interface Hook {
  method: 'createErrorResponse' | 'createSuccessResponse';
  /** The method's parameter, its name and its type (written in TypeScript files only). */
  parameter: readonly [name: string, type: string];
  /** The property an override that does the job sets to its result. */
  marks: 'isError' | 'structuredContent';
  body(style: Style): string[];
  explain: string;
}

interface Style {
  typed: boolean;
  quote: string;
  unit: string;
}

const ERROR_HOOK: Hook = {
  method: 'createErrorResponse',
  parameter: ['error', 'Error'],
  marks: 'isError',
  explain: 'mcp-framework before 0.2.19 sends a thrown Error as a content item of type "error", which clients reject: send it as 0.2.19 does.',
  body: ({ typed, quote }) => [`return { content: [{ type: ${quote}text${quote}${typed ? ' as const' : ''}, text: error.message }], isError: true };`],
};

const SUCCESS_HOOK: Hook = {
  method: 'createSuccessResponse',
  parameter: ['data', 'unknown'],
  marks: 'structuredContent',
  explain: 'mcp-framework before 0.2.20 sends a returned object as JSON text only: send it as structuredContent too.',
  body: ({ quote }) => [
    'const response = super.createSuccessResponse(data);',
    `const isObject = typeof data === ${quote}object${quote} && data !== null && !Array.isArray(data);`,
    `return isObject && response.content[0]?.type === ${quote}text${quote} ? { ...response, structuredContent: data } : response;`,
  ],
};

/** What a failure thrown from this tool class needs on 0.2.8–0.2.18. */
export function errorResponseHook(fn: TS.SignatureDeclaration, sourceFile: TS.SourceFile): ResponseHook {
  return responseHook(ERROR_HOOK, fn, sourceFile);
}

/** What a plain object returned from this tool class needs on 0.2.8–0.2.19. */
export function successResponseHook(fn: TS.SignatureDeclaration, sourceFile: TS.SourceFile): ResponseHook {
  return responseHook(SUCCESS_HOOK, fn, sourceFile);
}

function responseHook(hook: Hook, fn: TS.SignatureDeclaration, sourceFile: TS.SourceFile): ResponseHook {
  const toolClass = enclosingClass(fn);
  if (!toolClass) return { reviewReason: `the tool is not a class, so it has no ${hook.method} to override` };
  for (const owner of classChain(toolClass, sourceFile)) {
    const own = owner.members.find((member) => member.name !== undefined && ts.isIdentifier(member.name) && member.name.text === hook.method);
    if (!own) continue;
    if (sets(own, hook.marks)) return { present: true };
    const name = owner.name?.text ?? 'the tool class';
    return { reviewReason: `${name} has its own ${hook.method}, which decides what the tool sends and sets no ${hook.marks}; make it set ${hook.marks} (docs/rewrite-spec.md#mcp-framework-in-its-own-terms has the override), then migrate` };
  }
  return { companion: overrideEdit(hook, toolClass, fn, sourceFile) };
}

function enclosingClass(node: TS.Node): TS.ClassLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isClassLike(current)) return current;
    if (ts.isSourceFile(current)) return undefined;
  }
  return undefined;
}

/** The class and the base classes declared in the same file that it extends, nearest first. */
function classChain(start: TS.ClassLikeDeclaration, sourceFile: TS.SourceFile): TS.ClassLikeDeclaration[] {
  const chain: TS.ClassLikeDeclaration[] = [];
  for (let owner: TS.ClassLikeDeclaration | undefined = start; owner && !chain.includes(owner); ) {
    chain.push(owner);
    const base: TS.Expression | undefined = owner.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
    owner = base && ts.isIdentifier(base) ? sourceFile.statements.find((statement): statement is TS.ClassDeclaration => ts.isClassDeclaration(statement) && statement.name?.text === base.text) : undefined;
  }
  return chain;
}

/** Does the member write `name` into an object it builds (`isError: true`, `structuredContent: data`)? */
function sets(member: TS.ClassElement, name: Hook['marks']): boolean {
  let found = false;
  const visit = (node: TS.Node): void => {
    if (found) return;
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === name && (name !== 'isError' || node.initializer.kind === ts.SyntaxKind.TrueKeyword)) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(member);
  return found;
}

/**
 * The override, after the class's last member, indented as its members are. Its return type is
 * inferred (`'text' as const` keeps the literal type), so it fits every release's `ToolResponse`
 * without importing it, and `override` is written where the class writes it (noImplicitOverride).
 */
function overrideEdit(hook: Hook, toolClass: TS.ClassLikeDeclaration, fn: TS.SignatureDeclaration, sourceFile: TS.SourceFile): TextEdit {
  const text = sourceFile.text;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = lineIndent(text, fn.getStart(sourceFile));
  const style: Style = { typed: !/\.[cm]?jsx?$/.test(sourceFile.fileName), quote: prefersDoubleQuotes(sourceFile) ? '"' : "'", unit: bodyIndentUnit(fn, sourceFile, indent) };
  const usesOverride = toolClass.members.some((member) => ts.canHaveModifiers(member) && ts.getModifiers(member)?.some((modifier) => modifier.kind === ts.SyntaxKind.OverrideKeyword));
  const modifiers = style.typed ? `protected ${usesOverride ? 'override ' : ''}` : '';
  const [name, type] = hook.parameter;
  const parameter = style.typed ? `${name}: ${type}` : name;
  const lines = ['', '', `${indent}// ${hook.explain}`, `${indent}${modifiers}${hook.method}(${parameter}) {`, ...hook.body(style).map((line) => `${indent}${style.unit}${line}`), `${indent}}`];
  const last = toolClass.members[toolClass.members.length - 1];
  const at = last ? last.getEnd() : toolClass.members.pos;
  return { start: at, end: at, text: lines.join(newline) };
}

/** One level of indentation, as the method's body uses it (two spaces when it cannot tell). */
function bodyIndentUnit(fn: TS.SignatureDeclaration, sourceFile: TS.SourceFile, indent: string): string {
  const body = 'body' in fn ? fn.body : undefined;
  const first = body && ts.isBlock(body) ? body.statements[0] : undefined;
  if (!first) return indent || '  ';
  const inner = lineIndent(sourceFile.text, first.getStart(sourceFile));
  return inner.startsWith(indent) && inner.length > indent.length ? inner.slice(indent.length) : '  ';
}
