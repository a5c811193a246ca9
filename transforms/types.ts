import type * as TS from 'typescript';
import type { Analysis, CheckerSource, Finding, HandlerOptions, HelperName, SiteKind, TextEdit } from '../src/analyze/index.js';
import type { Preset, RuleName, Severity } from '../rules/rule-set.js';

/** One rewritten site. */
export interface Change {
  transform: string;
  /** A site kind; `return-type` and `review-marker` edits accompany the site rewrites; `output-schema` declares a tool's schema. */
  kind: SiteKind | 'return-type' | 'review-marker' | 'output-schema';
  fileName: string;
  line: number;
  column: number;
  toolName: string | null;
  edit: TextEdit;
  /** Edits elsewhere in the file the site's rewrite needs, shared with other sites (see Rewrite.companions). */
  companions?: TextEdit[];
  helpers: HelperName[];
  /**
   * Set when the model reads other text after the rewrite: a JSON error payload (or a bare error
   * object) becomes its message, the rest of the payload structuredContent. Absent: the text is kept.
   */
  changesText?: 'json-error-message';
  /** A return-type edit that names the runtime's ToolResult: the file must import it. */
  importsResultType?: true;
}

/** A site left as it is (needs review), or a file the engine could not process. */
export interface Diagnostic {
  severity: 'review' | 'error';
  fileName: string;
  line: number;
  column: number;
  kind: SiteKind | 'parse-error' | 'transform-error' | 'verify-error' | 'output-schema';
  toolName: string | null;
  message: string;
}

export interface TransformContext {
  analysis: Analysis;
  options: MigrationOptions;
  /** The module this file imports the helpers (and the ToolResult type) from. */
  importSource: string;
  /** The type checker, in a type-aware run (the output-schema transform reads types). */
  checker?: CheckerSource;
  /**
   * The findings the same run rewrites in another file of the project (none for a file it does not
   * migrate): a tool's result built in another file counts as what it becomes there.
   */
  pendingIn?: (sourceFile: TS.SourceFile) => readonly Finding[];
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
  /** Runs only when asked for by id or its own flag, never by default (output-schema). */
  optIn?: boolean;
  apply(sourceFile: TS.SourceFile, context: TransformContext): TransformResult;
}

export interface MigrationOptions {
  handlerOptions?: HandlerOptions;
  /** Module specifier the helpers are imported from (default `mcp-result-kit`). */
  importSource?: string;
  /** Absolute path of a local helpers module; when set, each file imports it by relative path. */
  localHelpersPath?: string;
  /** Only these transform ids run (all by default); `return-types` follows whichever run. */
  transforms?: string[];
  /**
   * The project's compiler options, when known: with `module` set to an ES module kind, a `.js`
   * file in a package without `"type": "module"` still gets `import` (see moduleFormatOf).
   */
  compilerOptions?: TS.CompilerOptions;
  /**
   * The rule set whose findings are rewritten, as `check` reports them: `recommended` by default
   * (so hand-built literals, which only `strict` reports, are left alone).
   */
  preset?: Preset;
  /** Per-rule severities over the preset; a rule set to `off` is neither reported nor rewritten. */
  rules?: Partial<Record<RuleName, Severity>>;
  /** Add a `// TODO(mcp-result-kit): …` comment above every site left for review. */
  markReview?: boolean;
  /** Also run the opt-in output-schema transform (`--output-schema`). */
  outputSchema?: boolean;
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
    ...(finding.rewrite.companions ? { companions: finding.rewrite.companions } : {}),
    helpers: finding.rewrite.helpers,
    // error-json sites are JSON text by definition, whichever helper rewrite built them; a rewrite in
    // a framework's own terms (no helper: mcp-framework's throw) keeps the JSON text as the message.
    ...(finding.rewrite.changesText || (finding.kind === 'error-json' && finding.rewrite.helpers.length > 0) ? { changesText: 'json-error-message' as const } : {}),
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
