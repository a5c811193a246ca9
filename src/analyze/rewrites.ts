import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import type { HelperName, Rewrite, TextEdit } from './types.js';
import { withoutParentheses } from './syntax.js';

/**
 * Builds the text edits of site rewrites for one file. Edits replace the reported node, or the
 * larger node registered for it (`{ … } as const` whole, `({ … })` with its parentheses).
 */
export class Rewriter {
  private readonly rangeOverride = new Map<TS.Node, TS.Node>();

  constructor(private readonly sourceFile: TS.SourceFile) {}

  /** Edits of `node` replace `target` instead. */
  overrideRange(node: TS.Node, target: TS.Node): void {
    if (!this.rangeOverride.has(node)) this.rangeOverride.set(node, target);
  }

  hasOverride(node: TS.Node): boolean {
    return this.rangeOverride.has(node);
  }

  replace(node: TS.Node, text: string): TextEdit {
    const target = this.rangeOverride.get(node) ?? node;
    return { start: target.getStart(this.sourceFile), end: target.getEnd(), text };
  }

  wrap(node: TS.Node, helper: HelperName): Rewrite {
    return this.wrapText(node, helper, node.getText(this.sourceFile));
  }

  wrapText(node: TS.Node, helper: HelperName, argumentsText: string): Rewrite {
    return { edit: this.replace(node, `${helper}(${argumentsText})`), helpers: [helper] };
  }

  /**
   * An error's text → `errorTextResult(<the same expression>)`: the model reads the very words it
   * read before (errorResult would write `Error: <message>`, doubling or adding words).
   */
  errorMessageRewrite(site: TS.Node, text: TS.Expression): Rewrite {
    return { edit: this.replace(site, `errorTextResult(${withoutParentheses(text).getText(this.sourceFile)})`), helpers: ['errorTextResult'] };
  }

  /**
   * `errorTextResult(message, { …the payload's other properties })`; null without a usable message.
   * The text becomes the message and the payload goes to structuredContent (`changesText`).
   */
  errorPayloadRewrite(site: TS.Node, payload: TS.ObjectLiteralExpression, message: TS.Expression | TS.MethodDeclaration | null, messageProperty: TS.ObjectLiteralElementLike | null): Rewrite | null {
    if (!message || ts.isMethodDeclaration(message)) return null;
    const rest = payload.properties.filter((property) => property !== messageProperty).map((property) => property.getText(this.sourceFile));
    const messageArgument = message.getText(this.sourceFile);
    const extra = rest.length > 0 ? `, { ${rest.join(', ')} }` : '';
    return { edit: this.replace(site, `errorTextResult(${messageArgument}${extra})`), helpers: ['errorTextResult'], changesText: 'json-error-message' };
  }

  /** Adds `isError: true` as the literal's last property, in the literal's own layout. */
  addIsError(object: TS.ObjectLiteralExpression): Rewrite {
    return { edit: this.appendMember(object, object.properties, 'isError: true', ','), helpers: [], addsIsError: true };
  }

  /** Adds `member` as the type literal's last member (`isError?: boolean`), in its own layout. */
  addTypeMember(type: TS.TypeLiteralNode, member: string): TextEdit {
    const last = type.members[type.members.length - 1];
    // Members end with `;`, `,` or a line break; follow the last one.
    const separator = last && this.sourceFile.text[last.getEnd() - 1] === ',' ? ',' : ';';
    return this.appendMember(type, type.members, member, separator);
  }

  /** An edit adding `member` after the last of `members` inside `container`'s braces, in its layout. */
  private appendMember(container: TS.Node, members: TS.NodeArray<TS.Node>, member: string, separator: string): TextEdit {
    const last = members[members.length - 1];
    const text = this.sourceFile.text;
    if (!last) return { start: container.getEnd() - 1, end: container.getEnd() - 1, text: ` ${member} ` };
    const multiline = text.slice(container.getStart(this.sourceFile), container.getEnd()).includes('\n');
    const lineStart = text.lastIndexOf('\n', last.getStart(this.sourceFile)) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    // A type member may carry its own `;` or `,` inside its node; an object property never does.
    const own = text[last.getEnd() - 1];
    const ended = own === ';' || own === ',';
    const trailing = members.hasTrailingComma ? text.indexOf(',', last.getEnd()) : -1;
    if (ended || trailing >= 0) {
      const at = trailing >= 0 ? trailing + 1 : last.getEnd();
      const addition = multiline ? `${newline}${indent}${member}${separator}` : ` ${member}${separator}`;
      return { start: at, end: at, text: addition };
    }
    const addition = multiline ? `${separator}${newline}${indent}${member}` : `${separator} ${member}`;
    return { start: last.getEnd(), end: last.getEnd(), text: addition };
  }
}

export function isNullish(node: TS.Expression): boolean {
  return node.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(node) && node.text === 'undefined');
}

/** The jsonResult options that reproduce JSON.stringify's indent argument (2 is the default). */
export function indentArgument(indent: TS.Expression | undefined, sourceFile: TS.SourceFile): string {
  return jsonOptionsArgument(undefined, indent, sourceFile);
}

/**
 * The jsonResult options that reproduce `JSON.stringify(value, replacer, indent)` byte for byte:
 * the replacer as `replacer`; a literal indent as `indent` (2, the default, left out; none or
 * nullish as 0); an indent only known at run time as `space`, which jsonResult passes on exactly
 * as given (undefined gives compact JSON there too).
 */
export function jsonOptionsArgument(replacer: TS.Expression | undefined, indent: TS.Expression | undefined, sourceFile: TS.SourceFile): string {
  const members: string[] = [];
  if (replacer && !isNullish(replacer)) members.push(`replacer: ${replacer.getText(sourceFile)}`);
  if (!indent || isNullish(indent)) members.push('indent: 0');
  else if (ts.isNumericLiteral(indent) || ts.isStringLiteral(indent) || ts.isNoSubstitutionTemplateLiteral(indent)) {
    if (!(ts.isNumericLiteral(indent) && indent.text === '2')) members.push(`indent: ${indent.getText(sourceFile)}`);
  } else members.push(`space: ${indent.getText(sourceFile)}`);
  return members.length === 0 ? '' : `, { ${members.join(', ')} }`;
}
