import type * as TS from 'typescript';
import type { CheckerSource, LocalDeclarations } from '../declarations.js';
import type { ResolveScope } from '../discovery/resolve.js';
import type { ResolvedHandlerOptions } from '../options.js';
import type { Rewriter } from '../rewrites.js';
import type { Framework, HandlerStyle, Rewrite, SiteKind, ToolHandler } from '../types.js';
import type { ValueFlow } from '../flow/origins.js';
import type { Predicates } from './predicates.js';

/** Where a return site is: which tool, which framework receives it, which function returns it. */
export interface SiteContext {
  handler: ToolHandler;
  toolName: string | null;
  framework: Framework;
  style: HandlerStyle;
  hasOutputSchema: boolean;
  fn: TS.SignatureDeclaration;
  /** Everything `fn` returns reports a failure: it was followed into from a catch with the caught error. */
  reportsFailure?: boolean;
}

/**
 * What the site families (strings, JSON, result literals, calls) share: the file, the tools to
 * reason about it, and the walker's own operations (report a site, classify an expression,
 * follow a function).
 */
export interface SiteScope extends ResolveScope {
  readonly sourceFile: TS.SourceFile;
  readonly options: ResolvedHandlerOptions;
  readonly checker: CheckerSource | undefined;
  readonly locals: LocalDeclarations;
  readonly rewriter: Rewriter;
  readonly predicates: Predicates;
  /** Where values are built (src/analyze/flow/origins.ts). */
  readonly flow: ValueFlow;
  /** Follow dispatch calls into other files (the codemod, and type-aware lint's pre-scan). */
  readonly followExternal: boolean;
  /** The handler discovery found for `fn`, if any. */
  handlerOf(fn: TS.Node): ToolHandler | undefined;
  report(kind: SiteKind, node: TS.Node, context: SiteContext, rewrite: Rewrite | null, reviewReason?: string): void;
  classify(expression: TS.Expression, context: SiteContext): void;
  collectSites(fn: TS.SignatureDeclaration, context: SiteContext): void;
  /** A string return of `fn` stays a string: its `string` return type must stay too. */
  keepsStringReturn(fn: TS.SignatureDeclaration): void;
}
