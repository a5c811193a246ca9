// Linting a file with many tools stays linear in its sites: the file's top level is read for import
// planning once per file, not once per suggestion (a scan per site made `check` take 92 s on
// 20,000 top-level registrations). Counted, not timed: the same number of scans for N and 2N sites.
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../rules/index.js';
import { importLayoutScans } from '../../src/analyze/imports.js';

const configs = plugin.configs as unknown as Record<'recommended', Linter.Config>;

/** A server registering `count` tools at the top level, each with a try/catch and three sites. */
function serverWith(count: number): string {
  const parts = [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\n\ndeclare const api: { get(id: string): Promise<Record<string, unknown> | undefined> };\n\nexport const server = new McpServer({ name: 'items', version: '1.0.0' });\n`,
  ];
  for (let index = 0; index < count; index++) {
    parts.push(`server.tool('item_${index}', { id: z.string() }, async ({ id }) => {
  try {
    const item = await api.get(id);
    if (!item) return \`No item \${id}\`;
    return JSON.stringify(item, null, 2);
  } catch (error) {
    return { content: [{ type: 'text', text: \`Failed: \${String(error)}\` }] };
  }
});
`);
  }
  return parts.join('');
}

async function lint(count: number): Promise<{ scans: number; messages: Linter.LintMessage[] }> {
  const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: [{ files: ['**/*.ts'] }, configs.recommended] });
  const before = importLayoutScans();
  const [result] = await eslint.lintText(serverWith(count), { filePath: `src/items-${count}.ts` });
  return { scans: importLayoutScans() - before, messages: result.messages };
}

describe('lint cost per file', () => {
  it('reads the top level for imports once per file, whatever the number of sites', async () => {
    const small = await lint(40);
    const large = await lint(80);
    // Three sites per tool, each with a suggestion that imports a helper.
    expect(small.messages).toHaveLength(120);
    expect(large.messages).toHaveLength(240);
    expect(large.messages.every((message) => message.suggestions?.length === 1)).toBe(true);
    expect(small.scans).toBe(1);
    expect(large.scans).toBe(1);
  });
});
