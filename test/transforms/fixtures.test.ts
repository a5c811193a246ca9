import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { analyzeSourceFile } from '../../src/analyze/index.js';
import { enabledKinds, ruleSeverities } from '../../rules/rule-set.js';
import { migrateSourceFile } from '../../transforms/index.js';
import { fixtureCases, splitOptions, type FixtureCase } from './fixture-cases.js';

const cases = fixtureCases();

function parse(text: string, fixture: FixtureCase): ts.SourceFile {
  return ts.createSourceFile(`/case/${fixture.name}.ts`, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

function migrate(text: string, fixture: FixtureCase) {
  const sourceFile = parse(text, fixture);
  const { handlerOptions, importSource, preset } = splitOptions(fixture.options);
  return migrateSourceFile(sourceFile, { handlerOptions, importSource, preset });
}

describe('codemod fixtures', () => {
  it('has at least 40 cases, including no-change cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(cases.filter((fixture) => fixture.input === fixture.output).length).toBeGreaterThanOrEqual(8);
  });

  describe.each(cases.map((fixture) => [`${fixture.transform}/${fixture.name}`, fixture] as const))('%s', (_label, fixture) => {
    it('produces the expected output', () => {
      const result = migrate(fixture.input, fixture);
      expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
      expect(result.text).toBe(fixture.output);
    });

    it('reports exactly the expected sites for review', () => {
      const result = migrate(fixture.input, fixture);
      const review = result.diagnostics
        .filter((diagnostic) => diagnostic.severity === 'review')
        .map((diagnostic) => ({ line: diagnostic.line, kind: diagnostic.kind }))
        .sort((a, b) => a.line - b.line);
      expect(review).toEqual([...fixture.review].sort((a, b) => a.line - b.line));
    });

    it('is idempotent: a second run changes nothing and reports nothing new', () => {
      const first = migrate(fixture.input, fixture);
      const second = migrate(first.text, fixture);
      expect(second.text).toBe(first.text);
      expect(second.changes).toEqual([]);
      expect(second.diagnostics.length).toBeLessThanOrEqual(first.diagnostics.filter((diagnostic) => diagnostic.severity === 'review').length);
    });

    it('leaves no finding the codemod could have fixed', () => {
      const { handlerOptions, preset } = splitOptions(fixture.options);
      const reported = enabledKinds(ruleSeverities(preset));
      const fixable = analyzeSourceFile(parse(fixture.output, fixture), { handlerOptions }).findings.filter((finding) => finding.rewrite && reported.has(finding.kind));
      expect(fixable.map((finding) => `${finding.kind}@${finding.line}`)).toEqual([]);
    });

    it('keeps line endings and every untouched line', () => {
      const crlf = fixture.input.includes('\r\n');
      expect(fixture.output.includes('\r\n')).toBe(crlf);
      if (crlf) expect(fixture.output.replace(/\r\n/g, '')).not.toMatch(/\n/);
      const outputLines = new Set(fixture.output.split(/\r?\n/));
      const result = migrate(fixture.input, fixture);
      const lineOf = (offset: number) => fixture.input.slice(0, offset).split('\n').length;
      const touchedLines = new Set(result.changes.flatMap((change) => {
        const lines: number[] = [];
        for (let line = lineOf(change.edit.start); line <= lineOf(change.edit.end); line++) lines.push(line);
        return lines;
      }));
      fixture.input.split(/\r?\n/).forEach((line, index) => {
        // Import lines may gain names (merged imports); every other untouched line must survive verbatim.
        const isImport = /^\s*import\b/.test(line);
        if (!touchedLines.has(index + 1) && !isImport && line.trim() !== '') expect(outputLines.has(line), `line ${index + 1} kept`).toBe(true);
      });
    });
  });
});
