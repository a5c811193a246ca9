import ts from 'typescript';
import { analyzeSourceFile, applyEdits, type HandlerOptions } from '../../src/analyze/index.js';

export function parse(code: string, fileName = 'server.ts'): ts.SourceFile {
  return ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

export function analyzeText(code: string, handlerOptions?: HandlerOptions) {
  return analyzeSourceFile(parse(code), { handlerOptions });
}

/** kind@line:column[tool] for compact assertions. */
export function summary(code: string, handlerOptions?: HandlerOptions): string[] {
  return analyzeText(code, handlerOptions).findings.map((f) => `${f.kind}@${f.line}:${f.column}${f.toolName ? `[${f.toolName}]` : ''}`);
}

/** The file after applying every site rewrite (no imports). */
export function rewritten(code: string, handlerOptions?: HandlerOptions): string {
  const analysis = analyzeText(code, handlerOptions);
  return applyEdits(code, analysis.findings.flatMap((f) => (f.rewrite ? [f.rewrite.edit] : [])));
}
