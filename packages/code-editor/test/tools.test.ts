/**
 * The seed scenarios (TestDeleteContentResult, TestPatchContentResult, TestSearchContentResult
 * and the Task 6 tools) through the real SDK Client, against both stores.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataOf, seed, snapshot, startHarness, STORE_KINDS, textOf, type Harness } from './harness.js';

const WORKFLOW_HEADER = '@workflow(is_tool=True)\n';

describe.each(STORE_KINDS)('code-editor tools on the %s store', (kind) => {
  let harness: Harness;
  beforeEach(async () => {
    harness = await startHarness(kind);
  });
  afterEach(async () => {
    await harness.close();
  });

  it('registers the seven tools with titles, annotations and output schemas', async () => {
    const { tools } = await harness.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'list_content',
      'search_content',
      'read_content_lines',
      'get_content',
      'patch_content',
      'replace_content',
      'delete_content',
    ]);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('search_content')?.title).toBe('Search Content');
    expect(byName.get('get_content')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.get('delete_content')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    for (const tool of tools) {
      expect(tool.outputSchema?.properties).toHaveProperty('error');
      expect(tool.inputSchema.properties).toHaveProperty('format');
    }
    const pattern = (byName.get('search_content')?.inputSchema.properties as Record<string, { description?: string }>).pattern;
    expect(pattern.description).toMatch(/Regex pattern/);
  });

  it('advertises whole-number parameters as integers with no invented bounds, and refuses a fraction', async () => {
    const { tools } = await harness.client.listTools();
    const integers: string[] = [];
    for (const tool of tools) {
      for (const [name, property] of Object.entries(tool.inputSchema.properties as Record<string, Record<string, unknown>>)) {
        if (property.type !== 'integer') continue;
        integers.push(`${tool.name}.${name}`);
        expect(property, `${tool.name}.${name}`).not.toHaveProperty('minimum');
        expect(property, `${tool.name}.${name}`).not.toHaveProperty('maximum');
      }
    }
    expect(integers).toEqual([
      'search_content.context_lines',
      'search_content.max_results',
      'read_content_lines.start_line',
      'read_content_lines.end_line',
      'get_content.offset',
    ]);
    const fraction = await harness.call('search_content', { pattern: 'x', context_lines: 1.5 });
    expect(fraction.isError).toBe(true);
    expect(textOf(fraction)).toMatch(/expected a whole number at context_lines/);
  });

  it('offers all four entity types: the store holds them all (entityTypes omitted, or all four in the entity layout)', async () => {
    expect(harness.store.entityTypes ?? ['workflow', 'module', 'text', 'app_file']).toEqual(['workflow', 'module', 'text', 'app_file']);
    const { tools } = await harness.client.listTools();
    for (const tool of tools) {
      const input = tool.inputSchema as { properties: Record<string, { enum?: string[] }>; required?: string[] };
      expect(input.properties.entity_type?.enum, tool.name).toEqual(['workflow', 'module', 'text', 'app_file']);
      expect(Object.keys(input.properties), tool.name).toEqual(expect.arrayContaining(['app_id', 'organization_id']));
      if (tool.name !== 'list_content' && tool.name !== 'search_content') expect(input.required, tool.name).toContain('entity_type');
    }
    await seed(harness.store, [{ key: { entityType: 'app_file', appId: 'app-1', path: 'index.ts' }, content: 'export {};\n' }]);
    const read = await harness.call('get_content', { entity_type: 'app_file', app_id: 'app-1', path: 'index.ts' });
    expect(dataOf(read)).toMatchObject({ entity_type: 'app_file', app_id: 'app-1', content: 'export {};\n' });
  });

  describe('TestDeleteContentResult', () => {
    it('success returns "Deleted <path>" and structured success', async () => {
      await seed(harness.store, [{ key: { entityType: 'workflow', path: 'features/test.py' }, content: `${WORKFLOW_HEADER}def run(): pass\n` }]);
      const result = await harness.call('delete_content', { entity_type: 'workflow', path: 'features/test.py' });
      expect(result.isError).not.toBe(true);
      expect(textOf(result)).toContain('Deleted features/test.py');
      expect(dataOf(result)).toMatchObject({ success: true, path: 'features/test.py', entity_type: 'workflow' });
      expect(await harness.store.get({ entityType: 'workflow', path: 'features/test.py' })).toBeUndefined();
    });

    it('not found returns an error result', async () => {
      const result = await harness.call('delete_content', { entity_type: 'workflow', path: 'features/nonexistent.py' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^Error:/);
      expect(textOf(result).toLowerCase()).toContain('not found');
      expect(dataOf(result)).toMatchObject({ error_code: 'not_found' });
    });
  });

  describe('TestPatchContentResult', () => {
    it('success returns the diff display', async () => {
      const key = { entityType: 'workflow' as const, path: 'test.py' };
      await seed(harness.store, [{ key, content: `${WORKFLOW_HEADER}def hello():\n    return 'hello'\n` }]);
      const result = await harness.call('patch_content', {
        entity_type: 'workflow',
        path: 'test.py',
        old_string: "return 'hello'",
        new_string: "return 'world'",
      });
      expect(result.isError).not.toBe(true);
      const stored = await harness.store.get(key);
      expect(stored?.content).toBe(`${WORKFLOW_HEADER}def hello():\n    return 'world'\n`);
      const diff = ['--- a/test.py', '+++ b/test.py', '@@ -1,3 +1,3 @@', ' @workflow(is_tool=True)', ' def hello():', "-    return 'hello'", "+    return 'world'"].join('\n');
      expect(textOf(result)).toBe(`Updated test.py (line 3)\n${diff}\nsha256: ${stored?.sha256}`);
      const data = dataOf(result);
      expect(data).toMatchObject({ success: true, path: 'test.py', lines_changed: 1, replacements: 1, first_line: 3, diff });
      expect(data.sha256).toBe(stored?.sha256);
    });

    it('not found returns an error naming the nearest candidate line', async () => {
      await seed(harness.store, [{ key: { entityType: 'module', path: 'test.py' }, content: 'completely different content\n' }]);
      const result = await harness.call('patch_content', {
        entity_type: 'module',
        path: 'test.py',
        old_string: 'this does not exist',
        new_string: 'replacement',
      });
      expect(result.isError).toBe(true);
      expect(textOf(result).toLowerCase()).toContain('not found');

      const near = await harness.call('patch_content', {
        entity_type: 'module',
        path: 'test.py',
        old_string: 'completely diferent content',
        new_string: 'x',
      });
      expect(textOf(near)).toContain('The closest line is 1: "completely different content"');
      expect(dataOf(near)).toMatchObject({ error_code: 'not_found', nearest_candidate: { line: 1 } });
    });

    it('multiple matches return match_locations (and pass the Client outputSchema check)', async () => {
      await seed(harness.store, [
        { key: { entityType: 'workflow', path: 'test.py' }, content: `${WORKFLOW_HEADER}def a():\n    return 1\ndef b():\n    return 2\n` },
      ]);
      const result = await harness.call('patch_content', {
        entity_type: 'workflow',
        path: 'test.py',
        old_string: 'return',
        new_string: 'yield',
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('2 locations');
      expect(dataOf(result)).toMatchObject({
        match_count: 2,
        match_locations: [
          { line: 3, preview: '    return 1' },
          { line: 5, preview: '    return 2' },
        ],
      });
    });

    it('replace_all replaces every occurrence and reports lines_changed', async () => {
      const key = { entityType: 'text' as const, path: 'notes.txt' };
      await seed(harness.store, [{ key, content: 'a TODO\nb TODO\nc\n' }]);
      const result = await harness.call('patch_content', { ...scopeArgs(key), old_string: 'TODO', new_string: 'DONE', replace_all: true });
      expect(dataOf(result)).toMatchObject({ replacements: 2, lines_changed: 2 });
      expect((await harness.store.get(key))?.content).toBe('a DONE\nb DONE\nc\n');
    });

    it('keeps a CRLF file CRLF and every untouched byte identical', async () => {
      const key = { entityType: 'text' as const, path: 'win.txt' };
      const original = 'first\r\nsecond line\r\nthird\r\n';
      await seed(harness.store, [{ key, content: original }]);
      const result = await harness.call('patch_content', { ...scopeArgs(key), old_string: 'second line\nthird', new_string: 'two\nthree' });
      expect(result.isError).not.toBe(true);
      expect((await harness.store.get(key))?.content).toBe('first\r\ntwo\r\nthree\r\n');
    });

    it('refuses a stale expected_sha256 with a conflict and writes nothing', async () => {
      const key = { entityType: 'module' as const, path: 'm.py' };
      await seed(harness.store, [{ key, content: 'x = 1\n' }]);
      const before = await harness.store.get(key);
      const stale = 'a'.repeat(64);
      const result = await harness.call('patch_content', { ...scopeArgs(key), old_string: 'x = 1', new_string: 'x = 2', expected_sha256: stale });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/changed since you read it/);
      expect(dataOf(result)).toMatchObject({ error_code: 'conflict', expected_sha256: stale, current_sha256: before?.sha256 });
      expect((await harness.store.get(key))?.content).toBe('x = 1\n');
    });

    it('validates the patched content (a patch may not remove the @workflow decorator)', async () => {
      const key = { entityType: 'workflow' as const, path: 'wf.py' };
      await seed(harness.store, [{ key, content: `${WORKFLOW_HEADER}def run(): pass\n` }]);
      const result = await harness.call('patch_content', { ...scopeArgs(key), old_string: WORKFLOW_HEADER, new_string: '' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/patch rejected, nothing was saved: entity_type mismatch/);
    });
  });

  describe('TestSearchContentResult', () => {
    it('matches come back grep-style with total_matches', async () => {
      const lines = Array.from({ length: 41 }, (_, index) => `# filler ${index + 1}`);
      lines[0] = '@workflow';
      lines.push('def get_user(id):', '    return db.get(id)');
      await seed(harness.store, [{ key: { entityType: 'workflow', path: 'features/auth.py' }, content: `${lines.join('\n')}\n` }]);
      const result = await harness.call('search_content', { pattern: 'get_user', entity_type: 'workflow' });
      expect(result.isError).not.toBe(true);
      const text = textOf(result);
      expect(text).toContain('Found 1 match');
      expect(text).toContain('features/auth.py:42:def get_user(id):');
      expect(text).toContain('features/auth.py-41-# filler 41');
      expect(text).toContain('features/auth.py-43-    return db.get(id)');
      const data = dataOf(result);
      expect(data.total_matches).toBe(1);
      expect(data.truncated).toBe(false);
      expect(data.matches).toEqual([
        {
          entity_type: 'workflow',
          organization_id: null,
          path: 'features/auth.py',
          line_number: 42,
          match: 'def get_user(id):',
          context_before: ['# filler 39', '# filler 40', '# filler 41'],
          context_after: ['    return db.get(id)'],
        },
      ]);
    });

    it('no matches is not an error', async () => {
      await seed(harness.store, [{ key: { entityType: 'module', path: 'a.py' }, content: 'x = 1\n' }]);
      const result = await harness.call('search_content', { pattern: 'nonexistent_function', entity_type: 'workflow' });
      expect(result.isError).not.toBe(true);
      expect(textOf(result)).toContain('No matches found');
    });

    it('enforces max_results globally across files and types, in a stable order', async () => {
      await seed(harness.store, [
        { key: { entityType: 'module', path: 'b.py' }, content: 'hit\nhit\n' },
        { key: { entityType: 'module', path: 'a.py' }, content: 'hit\nhit\n' },
        { key: { entityType: 'text', path: 'c.txt' }, content: 'hit\n' },
        { key: { entityType: 'workflow', path: 'w.py' }, content: '@workflow\nhit\n' },
      ]);
      const result = await harness.call('search_content', { pattern: 'hit', max_results: 3, context_lines: 0 });
      const data = dataOf(result) as { matches: Array<{ path: string; line_number: number }>; truncated: boolean };
      expect(data.matches.map((match) => `${match.path}:${match.line_number}`)).toEqual(['w.py:2', 'a.py:1', 'a.py:2']);
      expect(data.truncated).toBe(true);
      expect(textOf(result)).toMatch(/stopped at max_results=3/);

      const all = dataOf(await harness.call('search_content', { pattern: 'hit', max_results: 20 }));
      expect(all).toMatchObject({ total_matches: 6, truncated: false });
    });

    it('searches app files only with an app_id, and filters by path', async () => {
      await seed(harness.store, [
        { key: { entityType: 'app_file', appId: 'app-1', path: 'src/App.tsx' }, content: 'export const App = 1;\n' },
        { key: { entityType: 'module', path: 'src/App.tsx' }, content: 'App\n' },
      ]);
      const withoutApp = dataOf(await harness.call('search_content', { pattern: 'App' }));
      expect(withoutApp.total_matches).toBe(1);
      const withApp = dataOf(await harness.call('search_content', { pattern: 'App', app_id: 'app-1' })) as {
        matches: Array<{ entity_type: string; app_id?: string }>;
      };
      expect(withApp.matches.map((match) => match.entity_type)).toEqual(['module', 'app_file']);
      expect(withApp.matches[1].app_id).toBe('app-1');
      const appOnly = await harness.call('search_content', { pattern: 'App', entity_type: 'app_file' });
      expect(textOf(appOnly)).toBe('Error: app_id is required for app_file entity type');
      const byPath = dataOf(await harness.call('search_content', { pattern: 'App', app_id: 'app-1', path: 'src/App.tsx', entity_type: 'app_file' }));
      expect(byPath.total_matches).toBe(1);
      expect(dataOf(await harness.call('search_content', { pattern: 'App', path_prefix: 'src/' })).total_matches).toBe(1);
      expect(dataOf(await harness.call('search_content', { pattern: 'App', path_prefix: 'lib/' })).total_matches).toBe(0);
    });

    it('case_insensitive matches regardless of case; an invalid regex is an isError result', async () => {
      await seed(harness.store, [{ key: { entityType: 'text', path: 't.txt' }, content: 'Hello\nHELLO\n' }]);
      expect(dataOf(await harness.call('search_content', { pattern: 'hello', case_insensitive: true })).total_matches).toBe(2);
      const invalid = await harness.call('search_content', { pattern: 'get_(user' });
      expect(invalid.isError).toBe(true);
      expect(textOf(invalid)).toBe(
        'Error: Invalid regex pattern "get_(user": Unterminated group. Patterns use JavaScript RegExp syntax; escape literal characters such as ( [ . with a backslash.',
      );
    });
  });

  describe('list_content', () => {
    it('lists files with entity type, path, size and lines, filtered', async () => {
      await seed(harness.store, [
        { key: { entityType: 'module', path: 'lib/util.py' }, content: 'a\nb\n' },
        { key: { entityType: 'workflow', path: 'flows/sync.py', organizationId: 'org-a' }, content: '@workflow\ndef f(): pass\n' },
        { key: { entityType: 'text', path: 'README.md' }, content: 'hi' },
        { key: { entityType: 'app_file', appId: 'app-1', path: 'index.ts' }, content: 'export {};\n' },
      ]);
      const all = await harness.call('list_content', {});
      expect(textOf(all)).toBe(
        [
          'Found 3 files:',
          '',
          '  flows/sync.py (workflow, organization org-a; 2 lines, 24 bytes)',
          '  lib/util.py (module; 2 lines, 4 bytes)',
          '  README.md (text; 1 line, 2 bytes)',
        ].join('\n'),
      );
      expect(textOf(await harness.call('list_content', { path_prefix: 'lib/' }))).toBe('Found 1 file:\n\n  lib/util.py (module; 2 lines, 4 bytes)');
      const data = dataOf(all) as { files: Array<Record<string, unknown>>; count: number };
      expect(data.count).toBe(3);
      expect(data.files[1]).toEqual({ entity_type: 'module', path: 'lib/util.py', size: 4, lines: 2, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(dataOf(await harness.call('list_content', { app_id: 'app-1', entity_type: 'app_file' })).count).toBe(1);
      expect(dataOf(await harness.call('list_content', { path_prefix: 'lib/' })).count).toBe(1);
      expect(dataOf(await harness.call('list_content', { organization_id: 'org-a' })).count).toBe(3);
      expect(textOf(await harness.call('list_content', { path_prefix: 'nothing/' }))).toBe('No files found');
    });
  });

  describe('read_content_lines', () => {
    beforeEach(async () => {
      const content = Array.from({ length: 250 }, (_, index) => `line ${index + 1}`).join('\n') + '\n';
      await seed(harness.store, [{ key: { entityType: 'module', path: 'big.py' }, content }]);
    });

    it('reads a 1-indexed range with a numbered display and total_lines', async () => {
      const result = await harness.call('read_content_lines', { entity_type: 'module', path: 'big.py', start_line: 40, end_line: 42 });
      const text = textOf(result);
      expect(text.split('\n').slice(0, 3)).toEqual(['    40→line 40', '    41→line 41', '    42→line 42']);
      expect(text).toContain('path: big.py | lines: 250');
      expect(dataOf(result)).toMatchObject({ start_line: 40, end_line: 42, total_lines: 250, content: 'line 40\nline 41\nline 42' });
    });

    it('defaults end_line to start_line + 100 and clamps at the end', async () => {
      expect(dataOf(await harness.call('read_content_lines', { entity_type: 'module', path: 'big.py', start_line: 10 }))).toMatchObject({
        start_line: 10,
        end_line: 110,
      });
      expect(dataOf(await harness.call('read_content_lines', { entity_type: 'module', path: 'big.py', start_line: 200 }))).toMatchObject({
        end_line: 250,
      });
    });

    it('gives a clear error out of range', async () => {
      const past = await harness.call('read_content_lines', { entity_type: 'module', path: 'big.py', start_line: 300 });
      expect(textOf(past)).toBe('Error: start_line 300 is past the end of big.py, which has 250 line(s); use a start_line between 1 and 250');
      const zero = await harness.call('read_content_lines', { entity_type: 'module', path: 'big.py', start_line: 0 });
      expect(textOf(zero)).toBe('Error: start_line must be a whole number 1 or greater, got 0');
      const backwards = await harness.call('read_content_lines', { entity_type: 'module', path: 'big.py', start_line: 5, end_line: 4 });
      expect(textOf(backwards)).toBe('Error: end_line (4) must not be before start_line (5)');
    });
  });

  describe('get_content', () => {
    it('returns the whole file with total_lines and sha256', async () => {
      await seed(harness.store, [{ key: { entityType: 'text', path: 'a.txt' }, content: 'one\ntwo\n' }]);
      const result = await harness.call('get_content', { entity_type: 'text', path: 'a.txt' });
      expect(textOf(result)).toMatch(/^ {5}1→one\n {5}2→two\n/);
      expect(dataOf(result)).toMatchObject({ content: 'one\ntwo\n', total_lines: 2, truncated: false, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    });
  });

  describe('replace_content', () => {
    it('creates, then overwrites, reporting created', async () => {
      const args = { entity_type: 'workflow', path: 'workflows/sync_tickets.py', organization_id: 'org-1', content: '@workflow\ndef sync(): pass\n' };
      const created = await harness.call('replace_content', args);
      expect(textOf(created)).toMatch(/^Created workflows\/sync_tickets\.py \(2 lines, 27 bytes\)/);
      expect(dataOf(created)).toMatchObject({ success: true, created: true, entity_type: 'workflow', organization_id: 'org-1' });
      const updated = await harness.call('replace_content', { ...args, content: '@workflow\ndef sync(): return 1\n' });
      expect(dataOf(updated)).toMatchObject({ created: false });
      expect(
        (await harness.store.get({ entityType: 'workflow', path: 'workflows/sync_tickets.py', organizationId: 'org-1' }))?.content,
      ).toBe('@workflow\ndef sync(): return 1\n');
    });

    it("refuses a module with @workflow using the seed's message", async () => {
      const result = await harness.call('replace_content', { entity_type: 'module', path: 'm.py', content: '@workflow\ndef f(): pass\n' });
      expect(textOf(result)).toBe(
        "Error: replace_content rejected, nothing was saved: entity_type mismatch: declared 'module' but content contains @workflow decorator. Use entity_type='workflow' instead.",
      );
      expect(await snapshot(harness.store)).toEqual([]);
    });

    it('refuses TypeScript and JSON that do not parse, naming the line', async () => {
      const ts = await harness.call('replace_content', { entity_type: 'app_file', app_id: 'app-1', path: 'src/a.ts', content: 'let a = 1;\nlet b = (;\n' });
      expect(textOf(ts)).toMatch(/^Error: replace_content rejected, nothing was saved: syntax error in src\/a\.ts at line 2, column \d+/);
      expect(dataOf(ts)).toMatchObject({ error_code: 'validation_failed' });
      const json = await harness.call('replace_content', { entity_type: 'text', path: 'c.json', content: '{\n  "a": 1\n  "b": 2\n}' });
      expect(textOf(json)).toMatch(/syntax error in c\.json at line 3/);
    });
  });

  describe('format argument', () => {
    it('readable keeps the display text, structured sends JSON text, both sends display + data', async () => {
      await seed(harness.store, [{ key: { entityType: 'text', path: 'a.txt' }, content: 'x\n' }]);
      const args = { entity_type: 'text', path: 'a.txt' };
      const readable = await harness.call('get_content', { ...args, format: 'readable' });
      expect(textOf(readable)).toMatch(/^ {5}1→x/);
      // The tool declares an outputSchema, so the SDK requires structuredContent even here.
      expect(dataOf(readable).content).toBe('x\n');
      const structured = await harness.call('get_content', { ...args, format: 'structured' });
      expect(JSON.parse(textOf(structured))).toEqual(dataOf(structured));
      const both = await harness.call('get_content', { ...args, format: 'both' });
      expect(textOf(both)).toBe(textOf(readable));
      expect(dataOf(both)).toEqual(dataOf(structured));
      const readableError = await harness.call('get_content', { entity_type: 'text', path: 'missing.txt', format: 'readable' });
      expect(readableError.isError).toBe(true);
      expect(readableError.structuredContent).toBeUndefined();
    });
  });
});

function scopeArgs(key: { entityType: string; path: string }): Record<string, unknown> {
  return { entity_type: key.entityType, path: key.path };
}

describe.each(STORE_KINDS)('access context on the %s store', (kind) => {
  it('a caller bound to one organisation cannot read or write another organisation’s workflows', async () => {
    const harness = await startHarness(kind, { context: { organizationId: 'org-a' } });
    try {
      await seed(harness.store, [
        { key: { entityType: 'workflow', path: 'own.py', organizationId: 'org-a' }, content: '@workflow\nown = 1\n' },
        { key: { entityType: 'workflow', path: 'theirs.py', organizationId: 'org-b' }, content: '@workflow\ntheirs = 1\n' },
        { key: { entityType: 'workflow', path: 'global.py' }, content: '@workflow\nshared = 1\n' },
      ]);
      const before = await snapshot(harness.store);
      const listed = dataOf(await harness.call('list_content', {})) as { files: Array<{ path: string }> };
      expect(listed.files.map((file) => file.path)).toEqual(['global.py', 'own.py']);
      const searched = dataOf(await harness.call('search_content', { pattern: '= 1' })) as { matches: Array<{ path: string }> };
      expect(searched.matches.map((match) => match.path)).toEqual(['global.py', 'own.py']);

      const denied = 'Error: this session is bound to organization org-a; workflows of organization org-b are not accessible';
      expect(textOf(await harness.call('get_content', { entity_type: 'workflow', path: 'theirs.py', organization_id: 'org-b' }))).toBe(denied);
      expect(textOf(await harness.call('list_content', { organization_id: 'org-b' }))).toBe(denied);
      expect(
        textOf(await harness.call('replace_content', { entity_type: 'workflow', path: 'theirs.py', organization_id: 'org-b', content: '@workflow\n' })),
      ).toBe(denied);
      const globalWrite = await harness.call('patch_content', { entity_type: 'workflow', path: 'global.py', old_string: 'shared', new_string: 'mine' });
      expect(textOf(globalWrite)).toMatch(/cannot modify global workflows/);
      expect(dataOf(globalWrite)).toMatchObject({ error_code: 'access_denied' });
      // Reading global and own workflows works.
      expect((await harness.call('get_content', { entity_type: 'workflow', path: 'global.py' })).isError).not.toBe(true);
      const ownPatch = await harness.call('patch_content', { entity_type: 'workflow', path: 'own.py', organization_id: 'org-a', old_string: 'own = 1', new_string: 'own = 2' });
      expect(ownPatch.isError).not.toBe(true);
      const after = await snapshot(harness.store);
      expect(after.filter((file) => file.path !== 'own.py')).toEqual(before.filter((file) => file.path !== 'own.py'));
    } finally {
      await harness.close();
    }
  });

  it('read-only mode refuses the write tools and still serves reads', async () => {
    const harness = await startHarness(kind, { context: { readOnly: true } });
    try {
      await seed(harness.store, [{ key: { entityType: 'text', path: 'a.txt' }, content: 'x\n' }]);
      const before = await snapshot(harness.store);
      for (const [tool, args] of [
        ['patch_content', { entity_type: 'text', path: 'a.txt', old_string: 'x', new_string: 'y' }],
        ['replace_content', { entity_type: 'text', path: 'a.txt', content: 'y' }],
        ['delete_content', { entity_type: 'text', path: 'a.txt' }],
      ] as const) {
        const result = await harness.call(tool, args);
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(new RegExp(`^Error: ${tool} is disabled: the server runs in read-only mode`));
      }
      expect(await snapshot(harness.store)).toEqual(before);
      expect(dataOf(await harness.call('get_content', { entity_type: 'text', path: 'a.txt' })).content).toBe('x\n');
    } finally {
      await harness.close();
    }
  });
});

describe('server-wide readable format', () => {
  it('drops output schemas so results can be text only', async () => {
    const harness = await startHarness('sqlite', { format: 'readable' });
    try {
      const { tools } = await harness.client.listTools();
      expect(tools.every((tool) => tool.outputSchema === undefined)).toBe(true);
      await seed(harness.store, [{ key: { entityType: 'text', path: 'a.txt' }, content: 'x\n' }]);
      const result = await harness.call('get_content', { entity_type: 'text', path: 'a.txt' });
      expect(result.structuredContent).toBeUndefined();
      expect(textOf(result)).toMatch(/^ {5}1→x/);
      const both = await harness.call('get_content', { entity_type: 'text', path: 'a.txt', format: 'both' });
      expect(dataOf(both).content).toBe('x\n');
    } finally {
      await harness.close();
    }
  });
});

describe('get_content paging', () => {
  it('truncates above the size limit with a warning and the next offset', async () => {
    const harness = await startHarness('sqlite', { limits: { getContentMaxBytes: 40 } });
    try {
      const content = Array.from({ length: 10 }, (_, index) => `line number ${index + 1}`).join('\n') + '\n';
      await seed(harness.store, [{ key: { entityType: 'text', path: 'long.txt' }, content }]);
      const first = await harness.call('get_content', { entity_type: 'text', path: 'long.txt' });
      expect(textOf(first)).toMatch(/^Warning: long\.txt is 141 bytes, over the 40-byte limit of one get_content call: showing lines 1-2 of 10\. Call get_content again with offset=3/);
      expect(dataOf(first)).toMatchObject({ truncated: true, next_offset: 3, total_lines: 10, start_line: 1, end_line: 2, content: 'line number 1\nline number 2' });
      const pages: string[] = [];
      let offset: number | undefined = 1;
      while (offset !== undefined) {
        const page = dataOf(await harness.call('get_content', { entity_type: 'text', path: 'long.txt', offset }));
        pages.push(page.content as string);
        offset = page.next_offset as number | undefined;
      }
      expect(pages.join('\n') + '\n').toBe(content);
    } finally {
      await harness.close();
    }
  });
});
