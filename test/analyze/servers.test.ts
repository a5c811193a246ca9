import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { analyzeSourceFile, type HandlerOptions } from '../../src/analyze/index.js';

const SERVERS = path.resolve(import.meta.dirname, '../../fixtures/servers');

interface ExpectedFinding {
  line: number;
  column: number;
  kind: string;
  tool: string | null;
}

const styles = readdirSync(SERVERS).filter((name) => existsSync(path.join(SERVERS, name, 'server.ts'))).sort();

describe('analyzer on realistic servers, one per style', () => {
  it('covers every registration style', () => {
    expect(styles).toEqual(
      expect.arrayContaining([
        'clean', 'fastmcp', 'low-level-if-chain', 'low-level-switch', 'mcp-tool', 'register-tool', 'tool-definitions', 'transport-handlers',
        // the shapes of real servers
        'constant-names', 'wrapped-handlers', 'tool-collections', 'result-builders', 'near-misses',
        // frameworks and SDK versions, judged by what each does with a returned value
        'cloudflare-agent', 'vercel-handler', 'sdk-v2', 'mcp-framework',
      ]),
    );
  });

  it.each(styles)('%s: exactly the expected findings, no misses and no extras', (style) => {
    const folder = path.join(SERVERS, style);
    const fileName = path.join(folder, 'server.ts');
    const optionsPath = path.join(folder, 'options.json');
    const handlerOptions = existsSync(optionsPath) ? (JSON.parse(readFileSync(optionsPath, 'utf8')) as HandlerOptions) : undefined;
    const sourceFile = ts.createSourceFile(fileName, readFileSync(fileName, 'utf8'), ts.ScriptTarget.Latest, true);
    const actual = analyzeSourceFile(sourceFile, { handlerOptions }).findings.map((finding) => ({ line: finding.line, column: finding.column, kind: finding.kind, tool: finding.toolName }));
    const expected = JSON.parse(readFileSync(path.join(folder, 'expected-findings.json'), 'utf8')) as ExpectedFinding[];
    expect(actual).toEqual(expected);
  });
});
