import type * as TS from 'typescript';
import { jsonTextOnEveryPath } from './json.js';
import type { Rewrite } from '../types.js';
import type { SiteContext, SiteScope } from './scope.js';

/** Why a text that is an error on some paths only cannot be rewritten in one edit. */
export const SOME_PATHS = 'the text reports a failure on some paths only; return errorResult(…) on those paths and successResult(…) on the others';

/**
 * A raw string returned as the tool result: `string` (→ successResult) or, when it reads or is
 * built as an error, `error-string` (→ errorResult). FastMCP sends a string as a text item itself,
 * so there a plain string is reported too (one result shape for every tool: no isError on
 * failures, no structured data otherwise), unless the team keeps FastMCP's wrapping
 * (`allowFastmcpStrings`).
 */
export function classifyString(site: TS.Expression, context: SiteContext, scope: SiteScope): void {
  const evidence = scope.predicates.errorEvidence(site, context.fn);
  if (evidence === 'all') {
    scope.report('error-string', site, context, scope.rewriter.errorMessageRewrite(site, site));
    return;
  }
  if (evidence === 'some') {
    scope.report('error-string', site, context, someFailuresInJson(site, scope), SOME_PATHS);
    return;
  }
  if (context.framework === 'fastmcp' && scope.options.allowFastmcpStrings) {
    scope.keepsStringReturn(context.fn);
    return;
  }
  scope.report('string', site, context, scope.rewriter.wrap(site, 'successResult'));
}

/**
 * `return formatCalendar(data)` where every path of the text is JSON: the data's, or an error
 * payload's (`JSON.stringify({ error: 'No data' })`). toCallToolResult reads the text as the kit's
 * helpers would have built it: an error payload becomes an isError result with its message, data
 * keeps its text and gains structuredContent.
 */
function someFailuresInJson(site: TS.Expression, scope: SiteScope): Rewrite | null {
  const json = jsonTextOnEveryPath(site, scope);
  if (!json?.errorPayload) return null;
  return { edit: scope.rewriter.replace(site, `toCallToolResult(${scope.rewriter.moved(site, site)})`), helpers: ['toCallToolResult'], changesText: 'json-error-message' };
}
