import type { TSESLint } from '@typescript-eslint/utils';
import type * as TS from 'typescript';
import { ts } from '../src/typescript.js';
import {
  DEFAULT_IMPORT_SOURCE,
  inlineResultType,
  moduleFormatOf,
  planImports,
  resultTypeName,
  STRING_RESULT_KINDS,
  stringReturnType,
  usesRequireSyntax,
  type Analysis,
  type Finding,
  type HelperName,
  type ReturnTypeChange,
  type TextEdit,
} from '../src/analyze/index.js';

/**
 * The most text one suggestion may span. ESLint merges a suggestion's edits into one range whose
 * text is everything from the first edit to the last, so a suggestion that imports at the top of a
 * file and rewrites a site far below carries all the code in between: one file with 2,500
 * handlers made `check -f json` write 385 MB. Within the bound, output and memory grow with the
 * number of sites, not with sites × file size.
 */
export const SUGGESTION_SPAN_LIMIT = 32 * 1024;

interface FileFacts {
  /** Per function: its rewritten string sites, and its rewritten sites that become helper calls. */
  stringSites: Map<TS.SignatureDeclaration, number>;
  helperSites: Map<TS.SignatureDeclaration, number>;
  typeChanges: Map<TS.SignatureDeclaration, ReturnTypeChange[]>;
}

const factsCache = new WeakMap<Analysis, FileFacts>();

/** Counted once per analysis, not per finding: a file with 20,000 handlers stays linear. */
function factsOf(analysis: Analysis): FileFacts {
  let facts = factsCache.get(analysis);
  if (!facts) {
    facts = { stringSites: new Map(), helperSites: new Map(), typeChanges: new Map() };
    const count = (map: Map<TS.SignatureDeclaration, number>, fn: TS.SignatureDeclaration) => map.set(fn, (map.get(fn) ?? 0) + 1);
    for (const finding of analysis.findings) {
      if (!finding.rewrite) continue;
      if (STRING_RESULT_KINDS.has(finding.kind)) count(facts.stringSites, finding.returningFunction);
      if (finding.rewrite.helpers.length > 0) count(facts.helperSites, finding.returningFunction);
    }
    for (const change of analysis.returnTypeChanges) facts.typeChanges.set(change.fn, [...(facts.typeChanges.get(change.fn) ?? []), change]);
    factsCache.set(analysis, facts);
  }
  return facts;
}

function isInside(edit: TextEdit, node: TS.Node, sourceFile: TS.SourceFile): boolean {
  return edit.start >= node.getStart(sourceFile) && edit.end <= node.getEnd();
}

/**
 * The type edits that let this one site's rewrite compile when it is applied alone. The migration
 * changes a function's `string` annotation once all its string returns are rewritten; a
 * suggestion rewrites one return, so while others remain the annotation is widened
 * (`Promise<string>` → `Promise<string | ToolResult>`) and the last one narrows it to ToolResult.
 * The same holds for an inline result type (`{ content: …; isError: boolean } | ToolResult`) and a
 * `let result: string` the returns go through.
 */
function typeEdits(finding: Finding, facts: FileFacts, sourceFile: TS.SourceFile, typeName: string): { edits: TextEdit[]; namesType: boolean } {
  const rewrite = finding.rewrite!;
  const fn = finding.returningFunction;
  const changes = facts.typeChanges.get(fn) ?? [];
  const edits: TextEdit[] = [];
  let namesType = false;
  const named = (edit: TextEdit, text: string): void => {
    edits.push({ ...edit, text });
    namesType = true;
  };
  if (rewrite.addsIsError) for (const change of changes) if (change.isErrorMember) edits.push(change.edit);
  const complete = changes.filter((change) => !change.isErrorMember);
  if (STRING_RESULT_KINDS.has(finding.kind)) {
    const last = (facts.stringSites.get(fn) ?? 0) === 1;
    const annotation = fn.type ? stringReturnType(fn.type, sourceFile) : undefined;
    const annotationChange = annotation ? complete.find((change) => isInside(change.edit, annotation, sourceFile)) : undefined;
    if (annotation && last && annotationChange) named(annotationChange.edit, typeName);
    else if (annotation && annotation.kind === ts.SyntaxKind.StringKeyword) named({ start: annotation.getStart(sourceFile), end: annotation.getEnd(), text: '' }, `string | ${typeName}`);
    // `let result: string` whose assignments are the sites: narrowed with the last, widened before.
    for (const change of complete) {
      if (change === annotationChange || (fn.type && isInside(change.edit, fn.type, sourceFile))) continue;
      named(change.edit, last ? typeName : `string | ${typeName}`);
    }
  } else if (rewrite.helpers.length > 0 && fn.type) {
    const literal = inlineResultType(fn.type);
    const widening = literal ? undefined : complete.find((change) => change.widening !== undefined);
    if (widening) named(widening.edit, `${widening.widening} | ${typeName}`);
    if (literal) {
      const change = complete.find((candidate) => isInside(candidate.edit, literal, sourceFile));
      if (change && (facts.helperSites.get(fn) ?? 0) === 1) named(change.edit, typeName);
      else named({ start: literal.getStart(sourceFile), end: literal.getEnd(), text: '' }, `${literal.getText(sourceFile)} | ${typeName}`);
    }
  }
  return { edits, namesType };
}

/** The top-level statement holding `offset`. */
function topLevelStatement(sourceFile: TS.SourceFile, offset: number): TS.Statement | undefined {
  const statements = sourceFile.statements;
  let low = 0;
  let high = statements.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const statement = statements[middle];
    if (offset < statement.getStart(sourceFile)) high = middle - 1;
    else if (offset >= statement.end) low = middle + 1;
    else return statement;
  }
  return undefined;
}

function span(edits: readonly TextEdit[]): number {
  let start = Number.POSITIVE_INFINITY;
  let end = 0;
  for (const edit of edits) {
    start = Math.min(start, edit.start);
    end = Math.max(end, edit.end);
  }
  return end - start;
}

const importPlans = new WeakMap<TS.SourceFile, Map<string, TextEdit[]>>();

/** Import edits depend only on the file, the names wanted and where they go: computed once per combination. */
function cachedImports(sourceFile: TS.SourceFile, helpers: readonly HelperName[], importSource: string, resultType: boolean, compilerOptions: TS.CompilerOptions | undefined, before?: TS.Statement): TextEdit[] {
  let plans = importPlans.get(sourceFile);
  if (!plans) {
    plans = new Map();
    importPlans.set(sourceFile, plans);
  }
  const key = `${[...helpers].sort().join(',')}|${importSource}|${resultType}|${before ? before.pos : ''}`;
  let edits = plans.get(key);
  if (!edits) {
    edits = planImports(sourceFile, helpers, { importSource, resultType, moduleFormat: moduleFormatOf(sourceFile.fileName, compilerOptions), before });
    plans.set(key, edits);
  }
  return edits;
}

/**
 * A suggestion's edits: the site rewrite, the type edits it needs to compile on its own, and the
 * imports. The import goes where `migrate` puts it (merged into the file's imports, or after them)
 * when that is within SUGGESTION_SPAN_LIMIT of the site; else right above the top-level statement
 * that holds the site: an ES import is hoisted, so it works anywhere at the top level. A require
 * is not: it must run before the site's statement, and a function declaration may be called
 * before its own line runs, so a site in one gets no require of its own there. When neither fits
 * the bound, there is no suggestion (the site is still reported; `migrate` rewrites it, adding one
 * import for the whole file).
 */
export function suggestionEdits(finding: Finding, analysis: Analysis, sourceFile: TS.SourceFile, importSource: string | undefined, compilerOptions?: TS.CompilerOptions): TextEdit[] | null {
  const rewrite = finding.rewrite;
  if (!rewrite) return null;
  const source = importSource ?? DEFAULT_IMPORT_SOURCE;
  const types = typeEdits(finding, factsOf(analysis), sourceFile, resultTypeName(sourceFile, source));
  const local = [rewrite.edit, ...(rewrite.companions ?? []), ...types.edits];
  const standard = cachedImports(sourceFile, rewrite.helpers, source, types.namesType, compilerOptions);
  if (standard.length === 0) return span(local) <= SUGGESTION_SPAN_LIMIT ? local : null;
  const statement = topLevelStatement(sourceFile, finding.start);
  const viaRequire = usesRequireSyntax(sourceFile, moduleFormatOf(sourceFile.fileName, compilerOptions));
  const runsFirst = (edits: readonly TextEdit[]) => !viaRequire || (statement !== undefined && edits.every((edit) => edit.end <= statement.getStart(sourceFile)));
  if (runsFirst(standard) && span([...local, ...standard]) <= SUGGESTION_SPAN_LIMIT) return [...local, ...standard];
  if (!statement || (viaRequire && ts.isFunctionDeclaration(statement))) return null;
  const above = cachedImports(sourceFile, rewrite.helpers, source, types.namesType, compilerOptions, statement);
  return span([...local, ...above]) <= SUGGESTION_SPAN_LIMIT ? [...local, ...above] : null;
}

/** The suggestion's fix function for ESLint, or null when the site has no suggestion. */
export function suggestionFix(finding: Finding, analysis: Analysis, sourceFile: TS.SourceFile, importSource: string | undefined, compilerOptions?: TS.CompilerOptions): TSESLint.ReportFixFunction | null {
  const edits = suggestionEdits(finding, analysis, sourceFile, importSource, compilerOptions);
  if (!edits) return null;
  return (fixer) =>
    edits.map((edit) => (edit.start === edit.end ? fixer.insertTextAfterRange([edit.start, edit.start], edit.text) : fixer.replaceTextRange([edit.start, edit.end], edit.text)));
}
