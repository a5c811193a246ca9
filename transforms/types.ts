import type * as TS from 'typescript';
import type { Analysis, Finding, HandlerOptions, HelperName, SiteKind, TextEdit } from '../src/analyze/index.js';

/** One rewritten site. */
export interface Change {
  transform: string;
  kind: SiteKind | 'return-type';
  fileName: string;
  line: number;
  column: number;
  toolName: string | null;
  edit: TextEdit;
  helpers: HelperName[];
}

/** A site left as it is (needs review), or a file the engine could not process. */
export interface Diagnostic {
  severity: 'review' | 'error';
  fileName: string;
  line: number;
  column: number;
  kind: SiteKind | 'parse-error' | 'transform-error' | 'verify-error';
  toolName: string | null;
  message: string;
}

export interface TransformContext {
  analysis: Analysis;
  options: MigrationOptions;
}

export interface TransformResult {
  changes: Change[];
  diagnostics: Diagnostic[];
}

/**
 * The codemod convention: analyze, never mutate; the runner applies every edit once. A transform
 * sees the TypeScript AST (what ts-morph's `sourceFile.compilerNode` is), so it runs the same under
 * the CLI, the jscodeshift adapter and a ts-morph project (see transforms/ts-morph.ts).
 */
export interface Transform {
  id: string;
  description: string;
  kinds: readonly SiteKind[];
  apply(sourceFile: TS.SourceFile, context: TransformContext): TransformResult;
}

export interface MigrationOptions {
  handlerOptions?: HandlerOptions;
  /** Module specifier the helpers are imported from (default `mcp-result-kit`). */
  importSource?: string;
  /** Absolute path of a local helpers module; when set, each file imports it by relative path. */
  localHelpersPath?: string;
  /** Only these transform ids run (all by default). */
  transforms?: string[];
  /**
   * The project's compiler options, when known: with `module` set to an ES module kind, a `.js`
   * file in a package without `"type": "module"` still gets `import` (see moduleFormatOf).
   */
  compilerOptions?: TS.CompilerOptions;
}

export function findingToChange(transform: string, finding: Finding): Change | null {
  if (!finding.rewrite) return null;
  return {
    transform,
    kind: finding.kind,
    fileName: finding.fileName,
    line: finding.line,
    column: finding.column,
    toolName: finding.toolName,
    edit: finding.rewrite.edit,
    helpers: finding.rewrite.helpers,
  };
}

export function findingToReview(finding: Finding): Diagnostic {
  return {
    severity: 'review',
    fileName: finding.fileName,
    line: finding.line,
    column: finding.column,
    kind: finding.kind,
    toolName: finding.toolName,
    message: finding.reviewReason ?? 'cannot be rewritten safely',
  };
}
