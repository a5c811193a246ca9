import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { getPropertyValue, stringLiteralText, unwrap } from '../syntax.js';
import type { SiteContext, SiteScope } from './scope.js';
import { textValues } from './transport.js';

const FAILURE_TEXT_ITEM = 'mcp-framework sends this failure text as a plain text item, without isError; throw new Error(text) instead, which mcp-framework 0.2.19 and later send as an isError result (upgrade first if it is older)';
const ERROR_ITEM = "mcp-framework sends a { type: 'error' } item as it is, a content type MCP clients reject, and never sets isError; throw new Error(text) instead, which mcp-framework 0.2.19 and later send as an isError result (upgrade first if it is older)";

/**
 * Content items a framework sends as the result's content (mcp-framework passes an array of
 * `{ type, text }` items on): an `error` item is not an MCP content type and carries no isError,
 * and a text item that reports a failure has no isError either. Left for review with what to do
 * in the framework's terms. JSON text in text items is what the kit's own mcp-framework rewrite
 * writes where JSON was returned (src/analyze/framework-rewrites.ts): the framework's best form
 * short of an outputSchemaShape, so it is not reported again.
 */
export function classifyContentItems(items: TS.ArrayLiteralExpression, context: SiteContext, scope: SiteScope): void {
  const hasErrorItem = items.elements.some((element) => {
    const item = unwrap(element);
    const type = ts.isObjectLiteralExpression(item) ? getPropertyValue(item, 'type') : undefined;
    return type !== undefined && !ts.isMethodDeclaration(type) && stringLiteralText(unwrap(type)) === 'error';
  });
  if (hasErrorItem) {
    scope.report('error-content', items, context, null, ERROR_ITEM);
    return;
  }
  const texts = textValues(items);
  if (texts.some((text) => scope.predicates.errorEvidence(text, context.fn) === 'all')) scope.report('error-content', items, context, null, FAILURE_TEXT_ITEM);
}
