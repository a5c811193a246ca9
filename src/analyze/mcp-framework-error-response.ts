import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import { prefersDoubleQuotes } from './syntax.js';
import type { TextEdit } from './types.js';

/**
 * mcp-framework before 0.2.19 answers a thrown Error with `MCPTool.createErrorResponse(error)`,
 * which builds a content item of type "error" (clients reject it) and no isError. That method is
 * `protected` from 0.2.8 on, a hook meant to be overridden: a tool class that overrides it to
 * return `{ content: [{ type: 'text', text: error.message }], isError: true }` sends a thrown
 * Error exactly as 0.2.19 and later do. So on those releases a failure can be thrown too, once the
 * tool class has that override.
 */
export type ErrorResponseHook =
  /** The class must gain the override: this edit adds it (the same edit for every site of the class). */
  | { companion: TextEdit }
  /** The class (or a base class in the file) already sends a thrown Error as an isError result. */
  | { present: true }
  | { reviewReason: string };

const HOOK = 'createErrorResponse';

export function errorResponseHook(fn: TS.SignatureDeclaration, sourceFile: TS.SourceFile): ErrorResponseHook {
  const toolClass = enclosingClass(fn);
  if (!toolClass) return { reviewReason: 'the tool is not a class, so it has no createErrorResponse to override' };
  for (const owner of classChain(toolClass, sourceFile)) {
    const own = owner.members.find((member) => member.name !== undefined && ts.isIdentifier(member.name) && member.name.text === HOOK);
    if (!own) continue;
    if (setsIsError(own)) return { present: true };
    const name = owner.name?.text ?? 'the tool class';
    return { reviewReason: `${name} has its own createErrorResponse, which decides what a thrown Error sends and sets no isError; make it return { content: [{ type: 'text', text: error.message }], isError: true }, then migrate` };
  }
  return { companion: overrideEdit(toolClass, fn, sourceFile) };
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

function setsIsError(member: TS.ClassElement): boolean {
  let found = false;
  const visit = (node: TS.Node): void => {
    if (found) return;
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'isError' && node.initializer.kind === ts.SyntaxKind.TrueKeyword) found = true;
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
function overrideEdit(toolClass: TS.ClassLikeDeclaration, fn: TS.SignatureDeclaration, sourceFile: TS.SourceFile): TextEdit {
  const text = sourceFile.text;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = indentOf(fn.getStart(sourceFile), text);
  const unit = bodyIndentUnit(fn, sourceFile, indent);
  const quote = prefersDoubleQuotes(sourceFile) ? '"' : "'";
  const typed = !/\.[cm]?jsx?$/.test(sourceFile.fileName);
  const usesOverride = toolClass.members.some((member) => ts.canHaveModifiers(member) && ts.getModifiers(member)?.some((modifier) => modifier.kind === ts.SyntaxKind.OverrideKeyword));
  const modifiers = typed ? `protected ${usesOverride ? 'override ' : ''}` : '';
  const type = typed ? `${quote}text${quote} as const` : `${quote}text${quote}`;
  const lines = [
    '',
    '',
    `${indent}// mcp-framework before 0.2.19 sends a thrown Error as a content item of type "error", which clients reject: send it as 0.2.19 does.`,
    `${indent}${modifiers}createErrorResponse(error${typed ? ': Error' : ''}) {`,
    `${indent}${unit}return { content: [{ type: ${type}, text: error.message }], isError: true };`,
    `${indent}}`,
  ];
  const last = toolClass.members[toolClass.members.length - 1];
  const at = last ? last.getEnd() : toolClass.members.pos;
  return { start: at, end: at, text: lines.join(newline) };
}

function indentOf(position: number, text: string): string {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, position))?.[0] ?? '';
}

/** One level of indentation, as the method's body uses it (two spaces when it cannot tell). */
function bodyIndentUnit(fn: TS.SignatureDeclaration, sourceFile: TS.SourceFile, indent: string): string {
  const body = 'body' in fn ? fn.body : undefined;
  const first = body && ts.isBlock(body) ? body.statements[0] : undefined;
  if (!first) return indent || '  ';
  const inner = indentOf(first.getStart(sourceFile), sourceFile.text);
  return inner.startsWith(indent) && inner.length > indent.length ? inner.slice(indent.length) : '  ';
}
