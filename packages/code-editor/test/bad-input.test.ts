/**
 * Bad input: every row must come back as an isError result with the given message, and the
 * store must be byte-for-byte what it was (same files, same content, same sha256).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed, snapshot, startHarness, STORE_KINDS, textOf, type Harness } from './harness.js';

const STALE_SHA = '0'.repeat(64);

interface BadInput {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  error: string | RegExp;
}

const CASES: BadInput[] = [
  { name: 'empty path', tool: 'patch_content', args: { entity_type: 'module', path: '', old_string: 'a', new_string: 'b' }, error: 'Error: path must not be empty' },
  { name: "'..' path", tool: 'replace_content', args: { entity_type: 'text', path: '../escape.txt', content: 'x' }, error: "Error: path must not contain '..' segments: ../escape.txt" },
  { name: 'absolute path', tool: 'delete_content', args: { entity_type: 'text', path: '/etc/passwd' }, error: "Error: path must be relative (e.g. 'src/app.ts'), got absolute path /etc/passwd" },
  { name: 'NUL byte in path', tool: 'replace_content', args: { entity_type: 'text', path: 'a\0.txt', content: 'x' }, error: 'Error: path must not contain a NUL byte' },
  { name: 'backslash path', tool: 'get_content', args: { entity_type: 'text', path: 'a\\b.txt' }, error: "Error: path must use '/' separators, not '\\': a\\b.txt" },
  { name: 'app_file without app_id', tool: 'replace_content', args: { entity_type: 'app_file', path: 'x.ts', content: '' }, error: 'Error: app_id is required for app_file entity type' },
  { name: 'unsafe app_id', tool: 'get_content', args: { entity_type: 'app_file', app_id: '../other', path: 'x.ts' }, error: /^Error: app_id must be 1-128 characters/ },
  { name: 'organization_id on a module', tool: 'patch_content', args: { entity_type: 'module', path: 'lib/util.py', organization_id: 'org-1', old_string: 'a', new_string: 'b' }, error: 'Error: organization_id applies only to workflows; module files are global. Remove organization_id' },
  { name: 'app_id on a workflow', tool: 'delete_content', args: { entity_type: 'workflow', path: 'flows/a.py', app_id: 'app-1' }, error: "Error: app_id applies only to entity_type 'app_file', not 'workflow'; remove it" },
  { name: 'empty old_string', tool: 'patch_content', args: { entity_type: 'module', path: 'lib/util.py', old_string: '', new_string: 'x' }, error: 'Error: old_string must not be empty; use replace_content to write a whole file' },
  { name: 'identical strings', tool: 'patch_content', args: { entity_type: 'module', path: 'lib/util.py', old_string: 'x', new_string: 'x' }, error: 'Error: old_string and new_string are identical; nothing to change' },
  { name: 'malformed expected_sha256', tool: 'patch_content', args: { entity_type: 'module', path: 'lib/util.py', old_string: 'value = 1', new_string: 'value = 2', expected_sha256: 'abc' }, error: /^Error: expected_sha256 must be the 64-character hex sha256/ },
  { name: 'patch of a missing file', tool: 'patch_content', args: { entity_type: 'module', path: 'lib/missing.py', old_string: 'a', new_string: 'b' }, error: 'Error: File not found: lib/missing.py (module). Check the path with list_content or search_content.' },
  { name: 'ambiguous old_string', tool: 'patch_content', args: { entity_type: 'module', path: 'lib/util.py', old_string: 'value', new_string: 'v' }, error: 'Error: old_string matches 2 locations (lines 1, 2). Include more context to make it unique, or set replace_all: true.' },
  { name: 'old_string not found', tool: 'patch_content', args: { entity_type: 'module', path: 'lib/util.py', old_string: 'no such text', new_string: 'b' }, error: 'Error: old_string not found in lib/util.py. No similar line exists; find the text with search_content first.' },
  { name: 'stale expected_sha256 on patch', tool: 'patch_content', args: { entity_type: 'module', path: 'lib/util.py', old_string: 'value = 1', new_string: 'value = 3', expected_sha256: STALE_SHA }, error: /^Error: lib\/util\.py changed since you read it \(expected sha256 000000000000…, current [0-9a-f]{12}…\); nothing was written/ },
  { name: 'patch breaking TypeScript', tool: 'patch_content', args: { entity_type: 'text', path: 'src/app.ts', old_string: 'const a = 1;', new_string: 'const a = ;' }, error: /^Error: patch rejected, nothing was saved: syntax error in src\/app\.ts at line 1, column 11: Expression expected\.$/ },
  { name: 'module with @workflow', tool: 'replace_content', args: { entity_type: 'module', path: 'lib/util.py', content: '@workflow\ndef f(): pass\n' }, error: "Error: replace_content rejected, nothing was saved: entity_type mismatch: declared 'module' but content contains @workflow decorator. Use entity_type='workflow' instead." },
  { name: 'workflow without @workflow', tool: 'replace_content', args: { entity_type: 'workflow', path: 'flows/a.py', content: 'def f(): pass\n' }, error: /^Error: replace_content rejected, nothing was saved: entity_type mismatch: declared 'workflow' but content has no @workflow decorator/ },
  { name: 'invalid JSON', tool: 'replace_content', args: { entity_type: 'text', path: 'config.json', content: '{\n  "a": 1,\n}' }, error: 'Error: replace_content rejected, nothing was saved: syntax error in config.json at line 3, column 1: Expected double-quoted property name' },
  { name: 'stale expected_sha256 on replace', tool: 'replace_content', args: { entity_type: 'text', path: 'config.json', content: '{}', expected_sha256: STALE_SHA }, error: /changed since you read it/ },
  { name: 'delete of a missing file', tool: 'delete_content', args: { entity_type: 'text', path: 'nope.txt' }, error: 'Error: File not found: nope.txt (text). Check the path with list_content or search_content.' },
  { name: 'stale expected_sha256 on delete', tool: 'delete_content', args: { entity_type: 'text', path: 'config.json', expected_sha256: STALE_SHA }, error: /changed since you read it/ },
  { name: 'start_line past the end', tool: 'read_content_lines', args: { entity_type: 'module', path: 'lib/util.py', start_line: 9 }, error: 'Error: start_line 9 is past the end of lib/util.py, which has 2 line(s); use a start_line between 1 and 2' },
  { name: 'offset past the end', tool: 'get_content', args: { entity_type: 'module', path: 'lib/util.py', offset: 5 }, error: 'Error: offset 5 is past the end of lib/util.py, which has 2 line(s)' },
  { name: 'empty pattern', tool: 'search_content', args: { pattern: '' }, error: 'Error: pattern is required' },
  { name: 'context_lines too large', tool: 'search_content', args: { pattern: 'x', context_lines: 99 }, error: 'Error: context_lines must be a whole number between 0 and 20, got 99' },
  { name: 'max_results zero', tool: 'search_content', args: { pattern: 'x', max_results: 0 }, error: 'Error: max_results must be a whole number between 1 and 500, got 0' },
  { name: 'invalid regex', tool: 'search_content', args: { pattern: '[a-' }, error: /^Error: Invalid regex pattern "\[a-": Unterminated character class/ },
  { name: 'organization_id with a non-workflow search', tool: 'search_content', args: { pattern: 'x', entity_type: 'module', organization_id: 'org-1' }, error: "Error: organization_id applies only to workflows, not 'module'; remove it or omit entity_type" },
  { name: 'unknown entity_type (SDK input validation)', tool: 'get_content', args: { entity_type: 'script', path: 'a' }, error: /Input validation error: Invalid arguments for tool get_content/ },
  { name: 'wrong argument type (SDK input validation)', tool: 'read_content_lines', args: { entity_type: 'module', path: 'lib/util.py', start_line: 'ten' }, error: /Input validation error: Invalid arguments for tool read_content_lines/ },
];

describe.each(STORE_KINDS)('bad input on the %s store', (kind) => {
  let harness: Harness;
  let before: Array<Record<string, unknown>>;

  beforeAll(async () => {
    harness = await startHarness(kind);
    await seed(harness.store, [
      { key: { entityType: 'module', path: 'lib/util.py' }, content: 'value = 1\nvalue = 2\n' },
      { key: { entityType: 'workflow', path: 'flows/a.py' }, content: '@workflow\ndef a(): pass\n' },
      { key: { entityType: 'text', path: 'config.json' }, content: '{"a": 1}\n' },
      { key: { entityType: 'text', path: 'src/app.ts' }, content: 'const a = 1;\n' },
      { key: { entityType: 'app_file', appId: 'app-1', path: 'src/App.tsx' }, content: 'export const App = () => null;\n' },
    ]);
    before = await snapshot(harness.store, ['app-1']);
    expect(before).toHaveLength(5);
  });
  afterAll(async () => {
    await harness.close();
  });

  it.each(CASES)('$name → isError with an actionable message, nothing changed', async ({ tool, args, error }) => {
    const result = await harness.call(tool, args);
    expect(result.isError).toBe(true);
    if (typeof error === 'string') expect(textOf(result)).toBe(error);
    else expect(textOf(result)).toMatch(error);
    expect(await snapshot(harness.store, ['app-1'])).toEqual(before);
  });
});
