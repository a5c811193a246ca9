import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import { isStringSyntax } from './syntax.js';
import type { HelperName, Rewrite, TextEdit } from './types.js';

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

  /** The message argument for errorResult: the same text minus a leading "Error:" (errorResult adds it back). */
  messageText(expression: TS.Expression): string {
    let node = expression;
    while (ts.isParenthesizedExpression(node)) node = node.expression;
    const raw = node.getText(this.sourceFile);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      return stripErrorPrefix(raw) ?? raw;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      // The leftmost operand of a concatenation chain holds the prefix: ((('Error: x' + a) + b) + c).
      let leftmost: TS.Expression = node;
      while (ts.isBinaryExpression(leftmost) && leftmost.operatorToken.kind === ts.SyntaxKind.PlusToken) leftmost = leftmost.left;
      if (!ts.isStringLiteral(leftmost) && !ts.isNoSubstitutionTemplateLiteral(leftmost) && !ts.isTemplateExpression(leftmost)) return raw;
      const offset = leftmost.getStart(this.sourceFile) - node.getStart(this.sourceFile);
      const literalRaw = leftmost.getText(this.sourceFile);
      const stripped = stripErrorPrefix(literalRaw);
      if (stripped === null) return raw;
      const parent = leftmost.parent;
      // 'Error: ' + message  →  message, when nothing else follows the literal.
      if (stripped.length === 2 && parent === node && ts.isBinaryExpression(node)) return node.right.getText(this.sourceFile);
      // 'Error: ' + 'disk ' + rest  →  'disk ' + rest: dropping '' + is safe when a string follows.
      if (stripped.length === 2 && ts.isBinaryExpression(parent) && isStringSyntax(parent.right, () => false, () => false)) {
        const rightOffset = parent.right.getStart(this.sourceFile) - node.getStart(this.sourceFile);
        return raw.slice(0, offset) + raw.slice(rightOffset);
      }
      return raw.slice(0, offset) + stripped + raw.slice(offset + literalRaw.length);
    }
    return raw;
  }

  errorMessageRewrite(site: TS.Node, message: TS.Expression): Rewrite {
    return { edit: this.replace(site, `errorResult(${this.messageText(message)})`), helpers: ['errorResult'] };
  }

  /** `errorResult(message, { …the payload's other properties })`; null without a usable message. */
  errorPayloadRewrite(site: TS.Node, payload: TS.ObjectLiteralExpression, message: TS.Expression | TS.MethodDeclaration | null, messageProperty: TS.ObjectLiteralElementLike | null): Rewrite | null {
    if (!message || ts.isMethodDeclaration(message)) return null;
    const rest = payload.properties.filter((property) => property !== messageProperty).map((property) => property.getText(this.sourceFile));
    const messageArgument = message.getText(this.sourceFile);
    const extra = rest.length > 0 ? `, { ${rest.join(', ')} }` : '';
    return { edit: this.replace(site, `errorResult(${messageArgument}${extra})`), helpers: ['errorResult'] };
  }

  /** Adds `isError: true` as the literal's last property, in the literal's own layout. */
  addIsError(object: TS.ObjectLiteralExpression): Rewrite {
    const properties = object.properties;
    const last = properties[properties.length - 1];
    const text = this.sourceFile.text;
    if (!last) return { edit: { start: object.getEnd() - 1, end: object.getEnd() - 1, text: ' isError: true ' }, helpers: [] };
    const multiline = text.slice(object.getStart(this.sourceFile), object.getEnd()).includes('\n');
    const lineStart = text.lastIndexOf('\n', last.getStart(this.sourceFile)) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    if (properties.hasTrailingComma) {
      const comma = text.indexOf(',', last.getEnd());
      const addition = multiline ? `${newline}${indent}isError: true,` : ' isError: true,';
      return { edit: { start: comma + 1, end: comma + 1, text: addition }, helpers: [] };
    }
    const addition = multiline ? `,${newline}${indent}isError: true` : ', isError: true';
    return { edit: { start: last.getEnd(), end: last.getEnd(), text: addition }, helpers: [] };
  }
}

/** `'Error: x'` → `'x'`, `` `Error:${y}` `` → `` `${y}` ``; null when there is no prefix to drop. */
export function stripErrorPrefix(raw: string): string | null {
  const match = /^Error:[ \t]*/.exec(raw.slice(1));
  if (!match) return null;
  return raw[0] + raw.slice(1 + match[0].length);
}

export function isNullish(node: TS.Expression): boolean {
  return node.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(node) && node.text === 'undefined');
}

/** The jsonResult options that reproduce JSON.stringify's indent argument (2 is the default). */
export function indentArgument(indent: TS.Expression | undefined, sourceFile: TS.SourceFile): string {
  if (!indent || isNullish(indent)) return ', { indent: 0 }';
  if (ts.isNumericLiteral(indent) && indent.text === '2') return '';
  return `, { indent: ${indent.getText(sourceFile)} }`;
}
