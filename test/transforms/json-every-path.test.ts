// Text that is JSON on every path, made by another function: the tool's result keeps the text and
// gains what toCallToolResult reads from it (structuredContent; an error payload's isError).
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { migrateSourceFile } from '../../transforms/index.js';

function migrate(text: string) {
  return migrateSourceFile(ts.createSourceFile('/case/server.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));
}

const server = (formatter: string, tool: string) => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

declare function loadCalendar(year: number): Promise<{ events?: { name: string }[] }>;

${formatter}

const server = new McpServer({ name: 'calendar', version: '1.0.0' });

server.tool('get_calendar', { year: z.number() }, async ({ year }) => {
${tool}
});
`;

const FORMAT = `function formatCalendar(data: { events?: { name: string }[] }): string {
  if (!data.events) return JSON.stringify({ error: 'No calendar data available' });
  return JSON.stringify(data.events, null, 2);
}`;

describe('JSON text made by another function on every path', () => {
  it('a string that is data or an error payload: toCallToolResult(<the call>), listed as text the model reads differently on failure', () => {
    const result = migrate(server(FORMAT, '  const data = await loadCalendar(year);\n  return formatCalendar(data);'));
    expect(result.text).toContain('  return toCallToolResult(formatCalendar(data));');
    expect(result.changes).toEqual([expect.objectContaining({ kind: 'error-string', changesText: 'json-error-message', helpers: ['toCallToolResult'] })]);
    expect(result.text).toContain("import { toCallToolResult } from 'mcp-result-kit';");
  });

  it('a result literal whose text is the data JSON or a JSON fallback: toCallToolResult(<the text>), the text kept', () => {
    const format = `function formatEvents(data: { events?: { name: string }[] }): string {
  return JSON.stringify(data.events ?? []);
}`;
    const result = migrate(server(format, "  const text = formatEvents(await loadCalendar(year));\n  return { content: [{ type: 'text' as const, text: text || '[]' }] };"));
    expect(result.text).toContain("  return toCallToolResult(text || '[]');");
    expect(result.changes.map((change) => [change.kind, change.changesText])).toEqual([['json-text-content', undefined]]);
  });

  it('leaves JSON made in the tool\'s own function to its own rewrite', () => {
    const result = migrate(server('', "  const data = await loadCalendar(year);\n  const text = JSON.stringify(data.events ?? []);\n  data.events = [];\n  return { content: [{ type: 'text' as const, text }] };"));
    expect(result.text).not.toContain('toCallToolResult');
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'review', kind: 'json-text-content' })]);
  });
});
