import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import type { HelperName, Rewrite, TextEdit } from './types.js';
import { lineIndent, withoutParentheses } from './syntax.js';

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

  /**
   * The text of `node`, moved into the rewrite of `site`: its lines after the first are indented
   * relative to the line the site starts on instead of the line `node` started on, so that a body
   * taken out of a deeper `{ content: [{ … }] }` keeps the file's indentation at its new place.
   */
  moved(node: TS.Node, site: TS.Node): string {
    const target = this.rangeOverride.get(site) ?? site;
    return reindented(this.sourceFile, node, lineIndent(this.sourceFile.text, node.getStart(this.sourceFile)), lineIndent(this.sourceFile.text, target.getStart(this.sourceFile)));
  }

  /**
   * `node` moved into the rewrite of `site` with some of its parts replaced (`replacements`, each a
   * node inside it and its new text): the text between the parts is reindented as `moved` does.
   */
  movedWith(node: TS.Node, site: TS.Node, replacements: ReadonlyArray<readonly [TS.Node, string]>): string {
    const target = this.rangeOverride.get(site) ?? site;
    const from = lineIndent(this.sourceFile.text, node.getStart(this.sourceFile));
    const to = lineIndent(this.sourceFile.text, target.getStart(this.sourceFile));
    const between = (start: number, end: number) => (from === to ? this.sourceFile.text.slice(start, end) : this.sourceFile.text.slice(start, end).split(`\n${from}`).join(`\n${to}`));
    const sorted = [...replacements].sort((a, b) => a[0].getStart(this.sourceFile) - b[0].getStart(this.sourceFile));
    let at = node.getStart(this.sourceFile);
    let out = '';
    for (const [part, text] of sorted) {
      out += between(at, part.getStart(this.sourceFile)) + text;
      at = part.getEnd();
    }
    return out + between(at, node.getEnd());
  }

  /** Adds `isError: <condition>` as the literal's last property, in the literal's own layout. */
  addIsErrorWhen(object: TS.ObjectLiteralExpression, condition: string): Rewrite {
    return { edit: this.appendMember(object, object.properties, `isError: ${condition}`, ','), helpers: [], addsIsError: true };
  }

  wrap(node: TS.Node, helper: HelperName): Rewrite {
    return this.wrapText(node, helper, this.moved(node, node));
  }

  wrapText(node: TS.Node, helper: HelperName, argumentsText: string): Rewrite {
    return { edit: this.replace(node, `${helper}(${argumentsText})`), helpers: [helper] };
  }

  /**
   * An error's text → `errorTextResult(<the same expression>)`: the model reads the very words it
   * read before (errorResult would write `Error: <message>`, doubling or adding words).
   */
  errorMessageRewrite(site: TS.Node, text: TS.Expression): Rewrite {
    return { edit: this.replace(site, `errorTextResult(${this.moved(withoutParentheses(text), site)})`), helpers: ['errorTextResult'] };
  }

  /**
   * `errorTextResult(message, { …the payload's other properties })`; null without a usable message.
   * The text becomes the message and the payload goes to structuredContent (`changesText`).
   */
  errorPayloadRewrite(site: TS.Node, payload: TS.ObjectLiteralExpression, message: TS.Expression | TS.MethodDeclaration | null, messageProperty: TS.ObjectLiteralElementLike | null): Rewrite | null {
    if (!message || ts.isMethodDeclaration(message)) return null;
    const rest = payload.properties.filter((property) => property !== messageProperty).map((property) => this.moved(property, site));
    const messageArgument = this.moved(message, site);
    const extra = rest.length > 0 ? `, { ${rest.join(', ')} }` : '';
    return { edit: this.replace(site, `errorTextResult(${messageArgument}${extra})`), helpers: ['errorTextResult'], changesText: 'json-error-message' };
  }

  /**
   * `node` replaced by `text`, and the statements `removed` (before it, in its block) cut out: one
   * edit from the first of them to `node`'s end. A statement on lines of its own goes with its
   * lines; the blank lines after it too where nothing but a comment or a blank line stands before
   * it, so the comments above keep their place above what follows.
   */
  replaceCutting(node: TS.Node, text: string, removed: readonly TS.Node[]): TextEdit {
    const source = this.sourceFile.text;
    const target = this.rangeOverride.get(node) ?? node;
    const cuts = removed.map((statement) => this.cutRange(statement));
    const start = cuts.length > 0 ? cuts[0].start : target.getStart(this.sourceFile);
    let out = '';
    let at = start;
    for (const cut of cuts) {
      out += source.slice(at, cut.start);
      at = cut.end;
      const before = (source.slice(0, start) + out).replace(/\r?\n$/, '');
      const previousLine = before.slice(before.lastIndexOf('\n') + 1).trim();
      if (cut.wholeLines && (previousLine === '' || previousLine.endsWith('{') || previousLine.startsWith('//') || previousLine.endsWith('*/'))) {
        for (let blank = /^[ \t]*\r?\n/.exec(source.slice(at)); blank; blank = /^[ \t]*\r?\n/.exec(source.slice(at))) at += blank[0].length;
      }
    }
    out += source.slice(at, target.getStart(this.sourceFile)) + text;
    return { start, end: target.getEnd(), text: out };
  }

  /** The lines a statement fills alone, or the statement and the spaces after it. */
  private cutRange(statement: TS.Node): { start: number; end: number; wholeLines: boolean } {
    const source = this.sourceFile.text;
    const start = statement.getStart(this.sourceFile);
    const lineStart = source.lastIndexOf('\n', start - 1) + 1;
    const after = /^[ \t]*(?:\r?\n|$)/.exec(source.slice(statement.getEnd()));
    if (/^[ \t]*$/.test(source.slice(lineStart, start)) && after) return { start: lineStart, end: statement.getEnd() + after[0].length, wholeLines: true };
    const spaces = /^[ \t]*/.exec(source.slice(statement.getEnd()))![0];
    return { start, end: statement.getEnd() + spaces.length, wholeLines: false };
  }

  /** Adds `isError: true` as the literal's last property, in the literal's own layout. */
  addIsError(object: TS.ObjectLiteralExpression): Rewrite {
    return { edit: this.appendMember(object, object.properties, 'isError: true', ','), helpers: [], addsIsError: true };
  }

  /** Adds `member` (`structuredContent: …`) as the literal's last property, in the literal's own layout. */
  addProperty(object: TS.ObjectLiteralExpression, member: string): TextEdit {
    return this.appendMember(object, object.properties, member, ',');
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

/**
 * `node`'s text with every line after the first that starts with `from` starting with `to`
 * instead. Lines that begin inside a template literal or string are its value, and stay as they are.
 */
function reindented(sourceFile: TS.SourceFile, node: TS.Node, from: string, to: string): string {
  const start = node.getStart(sourceFile);
  const text = sourceFile.text.slice(start, node.getEnd());
  if (from === to || !text.includes('\n')) return text;
  const literals: [number, number][] = [];
  const collect = (child: TS.Node): void => {
    if (ts.isStringLiteral(child) || ts.isNoSubstitutionTemplateLiteral(child) || ts.isTemplateHead(child) || ts.isTemplateMiddle(child) || ts.isTemplateTail(child)) {
      literals.push([child.getStart(sourceFile) - start, child.getEnd() - start]);
    }
    ts.forEachChild(child, collect);
  };
  collect(node);
  const insideLiteral = (offset: number) => literals.some(([literalStart, literalEnd]) => offset > literalStart && offset < literalEnd);
  let result = '';
  let lineStart = 0;
  for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', lineStart)) {
    result += text.slice(lineStart, newline + 1);
    lineStart = newline + 1;
    const blank = /^\r?(?:\n|$)/.test(text.slice(lineStart, lineStart + 2));
    if (!blank && !insideLiteral(lineStart) && text.startsWith(from, lineStart)) {
      result += to;
      lineStart += from.length;
    }
  }
  return result + text.slice(lineStart);
}

export function isNullish(node: TS.Expression): boolean {
  return node.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(node) && node.text === 'undefined');
}

/**
 * The jsonResult options that reproduce `JSON.stringify(value, replacer, indent)` byte for byte:
 * the replacer as `replacer`; a literal indent as `indent` (2, the default, left out; none or
 * nullish as 0); an indent only known at run time as `space`, which jsonResult passes on exactly
 * as given (undefined gives compact JSON there too). Each is written as its own file has it.
 */
export function jsonOptionsArgument(replacer: TS.Expression | undefined, indent: TS.Expression | undefined): string {
  const textOf = (node: TS.Node) => node.getText(node.getSourceFile());
  const members: string[] = [];
  if (replacer && !isNullish(replacer)) members.push(`replacer: ${textOf(replacer)}`);
  if (!indent || isNullish(indent)) members.push('indent: 0');
  else if (ts.isNumericLiteral(indent) || ts.isStringLiteral(indent) || ts.isNoSubstitutionTemplateLiteral(indent)) {
    if (!(ts.isNumericLiteral(indent) && indent.text === '2')) members.push(`indent: ${textOf(indent)}`);
  } else members.push(`space: ${textOf(indent)}`);
  return members.length === 0 ? '' : `, { ${members.join(', ')} }`;
}
