// A file that does not parse, end to end through the built binary: `check` and `migrate` say that
// it could not be parsed, where, and that it was skipped, check the other files, and never take it
// for a file without tool handlers.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTemporaries, cli, hashTree, linkModules, tempDir, writeTree } from './helpers.js';
import { SAMPLE, SAMPLE_TSCONFIG } from './sample.js';

afterAll(cleanupTemporaries);

const BROKEN = SAMPLE['src/broken.ts'];
// `    return 'oops' +;`: the parser stops at the semicolon, line 4, column 20.
const WHERE = 'src/broken.ts:4:20';

function project(files: Record<string, string>): string {
  const dir = tempDir('mrk-unparsable-');
  writeTree(dir, files);
  writeFileSync(path.join(dir, 'tsconfig.json'), SAMPLE_TSCONFIG);
  linkModules(dir, { kit: true });
  return dir;
}

describe('check on a file that does not parse', () => {
  it('says the file could not be parsed, where and why, that it was skipped, and exits 1; no advice about handler patterns', () => {
    const dir = project({ 'src/broken.ts': BROKEN });
    const run = cli(['check', 'src/broken.ts'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`✖ 1 file could not be parsed and was skipped (nothing in it was checked):\n  ${WHERE}  Expression expected.\n`);
    expect(run.stdout).not.toContain('no MCP tool handler was recognised');
    expect(run.stdout).not.toContain('--handler-pattern');
    expect(run.stdout).not.toContain('No problems found');
    expect(run.stderr).not.toContain('no MCP tool handler');
  });

  it('still checks the other files, and counts only them', () => {
    const dir = project({ 'src/broken.ts': BROKEN, 'src/clean.ts': SAMPLE['src/clean.ts'], 'src/server.ts': SAMPLE['src/server.ts'] });
    const run = cli(['check', 'src'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^src\/server\.ts\n {3}9:21 +error +Tool "get_note" reports an error as plain text/m);
    expect(run.stdout).toMatch(/✖ 5 problems \(5 errors, 0 warnings\) in 1 of 2 files:\n/);
    expect(run.stdout).not.toMatch(/^src\/broken\.ts$/m);
    expect(run.stdout).toContain(`✖ 1 file could not be parsed and was skipped (nothing in it was checked):\n  ${WHERE}  Expression expected.\n`);
  });

  it('gives no all-clear for the files that parsed without naming the one that did not', () => {
    const dir = project({ 'src/broken.ts': BROKEN, 'src/clean.ts': SAMPLE['src/clean.ts'] });
    const run = cli(['check', 'src'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`✖ 1 file could not be parsed and was skipped (nothing in it was checked):\n  ${WHERE}  Expression expected.\nNo problems found in the 1 file that was checked (1 tool handler).\n`);
  });

  it('counts only the files that parsed when none of them has a tool handler', () => {
    const dir = project({ 'src/broken.ts': BROKEN, 'src/util.ts': 'export const answer = 42;\n' });
    const run = cli(['check', 'src'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('Read 1 file, but no MCP tool handler was recognised');
    expect(run.stdout).toContain(WHERE);
    const json = cli(['check', '--format', 'json', 'src/broken.ts'], dir);
    expect(json.status).toBe(1);
    expect(json.stderr).not.toContain('no MCP tool handler');
  });
});

describe('migrate on a file that does not parse', () => {
  it('says where it could not be parsed, writes nothing into it, and gives no advice about handler patterns', () => {
    const dir = project({ 'src/broken.ts': BROKEN });
    const before = hashTree(dir);
    const run = cli(['migrate', 'src/broken.ts'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`Errors:\n  ${WHERE}  could not be parsed (Expression expected.); skipped, nothing written\n`);
    expect(run.stdout).not.toContain('no MCP tool handler was recognised');
    expect(run.stdout).not.toContain('--handler-pattern');
    expect(hashTree(dir)).toBe(before);
  });

  it('migrates the other files and leaves the broken one as it was', () => {
    const dir = project({ 'src/broken.ts': BROKEN, 'src/server.ts': SAMPLE['src/server.ts'] });
    const run = cli(['migrate', 'src'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`  ${WHERE}  could not be parsed (Expression expected.); skipped, nothing written\n`);
    expect(readFileSync(path.join(dir, 'src/broken.ts'), 'utf8')).toBe(BROKEN);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toContain('return jsonResult({ ids: [...notes.keys()], count: notes.size });');
    const json = JSON.parse(cli(['migrate', '--json', 'src/broken.ts'], dir).stdout) as { errors: unknown[] };
    expect(json.errors).toEqual([{ file: 'src/broken.ts', line: 4, column: 20, message: 'could not be parsed (Expression expected.); skipped, nothing written' }]);
  });
});
