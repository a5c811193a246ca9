// Where a tool's value really comes from, in shapes the third blind sample showed (issue 23):
// - a call of a function that never returns (declared `never`, or ending in a throw with no value
//   returned) gives no value: `return fail(error)` in a catch is a throw;
// - one content item per element of a batch, some reporting that element's failure, is the batch's
//   report, not the call's failure;
// - a dispatcher that rebuilds a tool's result as `{ content: result.content }` drops its isError;
// - a string formatter imported from another file makes its returned call a string site.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigration } from '../../transforms/index.js';
import { rewritten, summary } from './helpers.js';

const SDK = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
declare function run(command: string): Promise<{ output: string }>;
function textResult(text: string) {
  return { content: [{ type: 'text' as const, text }] };
}
`;

const findings = (code: string) => summary(`${SDK}${code}`).filter((finding) => !finding.startsWith('hand-built-result'));

describe('calls that never return', () => {
  it('a helper declared `never` that rethrows in words of its own adds no failure text to the value', () => {
    const code = `
const explain = (error: unknown, command: string): never => {
  if (String(error).includes('401')) throw new Error('Not logged in: run login first');
  throw new Error(\`Command failed: \${command}\`);
};
async function deploy(name: string): Promise<string> {
  try {
    const { output } = await run('deploy ' + name);
    return output;
  } catch (error) {
    return explain(error, 'deploy ' + name);
  }
}
server.tool('deploy', async ({ name }: { name: string }) => {
  const result = await deploy(name);
  return textResult(result);
});
`;
    expect(findings(code)).toEqual([]);
  });

  it('so does one without the annotation whose body ends in a throw and returns nothing', () => {
    const code = `
function explain(error: unknown): string {
  if (error instanceof TypeError) throw new Error('Bad input: ' + error.message);
  throw new Error('Command failed: ' + String(error));
}
server.tool('deploy', async ({ name }: { name: string }) => {
  try {
    return textResult((await run(name)).output);
  } catch (error) {
    return explain(error);
  }
});
`;
    expect(findings(code)).toEqual([]);
  });

  it('a helper that may return its failure text is still a failure path (the near miss)', () => {
    const code = `
function explain(error: unknown): string {
  if (error instanceof TypeError) throw new Error('Bad input');
  return 'Command failed: ' + String(error);
}
async function deploy(name: string): Promise<string> {
  try {
    return (await run(name)).output;
  } catch (error) {
    return explain(error);
  }
}
server.tool('deploy', async ({ name }: { name: string }) => textResult(await deploy(name)));
`;
    expect(findings(code).some((finding) => finding.startsWith('error-'))).toBe(true);
  });
});

describe('a batch that reports each element', () => {
  const batch = (text: string) => `
declare const notes: { read(ids: string[]): Promise<{ id: string; error?: string; body?: string }[]> };
server.tool('read_many', async ({ ids }: { ids: string[] }) => {
  const results = await notes.read(ids);
  return {
    content: results.map((result) => ({ type: 'text' as const, text: ${text} })),
  };
});
`;

  it('items that are failures for some elements only are the batch report, not a failure of the call', () => {
    expect(findings(batch('result.error ? `# ${result.id} error\\n\\n${result.error}` : `# ${result.id}\\n\\n${result.body}`'))).toEqual([]);
  });

  it('a batch whose every item is a failure is still reported (the near miss)', () => {
    expect(findings(batch('`Error reading ${result.id}: ${result.error}`')).some((finding) => finding.startsWith('error-content'))).toBe(true);
  });
});

describe('a dispatcher that rebuilds the tool result', () => {
  const LOW_LEVEL = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
interface Tool { name: string; execute(args: unknown): Promise<{ content: { type: 'text'; text: string }[]; isError?: boolean }> }
declare const tools: Tool[];
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.find((candidate) => candidate.name === request.params.name);
  if (!tool) throw new Error('Unknown tool');
  const result = await tool.execute(request.params.arguments ?? {});
`;

  it('{ content: result.content } drops the tool isError: rewritten to pass the result on whole', () => {
    const code = `${LOW_LEVEL}  return { content: result.content };\n});\n`;
    expect(summary(code)).toContain('transport-wrapper@10:10');
    expect(rewritten(code)).toContain('return toCallToolResult(result);');
  });

  it('passing the result on, or carrying isError, is not a site', () => {
    expect(summary(`${LOW_LEVEL}  return result;\n});\n`)).toEqual([]);
    expect(summary(`${LOW_LEVEL}  return { content: result.content, isError: result.isError };\n});\n`)).toEqual([]);
  });
});

describe('a string formatter in another file (syntax-only, as the bench runs)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mrk-string-helper-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('its returned call is a string site, in a FastMCP tool as in a file of its own', () => {
    writeFileSync(
      path.join(dir, 'format.ts'),
      `export function shareableLink(id: string, title?: string): string {
  let text = 'Recording';
  if (title) text += ': ' + title;
  return text + '\\nhttps://example.test/' + id;
}
`,
    );
    writeFileSync(
      path.join(dir, 'server.ts'),
      `import { FastMCP } from 'fastmcp';
import { z } from 'zod';
import { shareableLink } from './format.js';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
server.addTool({
  name: 'link',
  description: 'A link to the recording',
  parameters: z.object({ id: z.string() }),
  execute: async (args) => {
    const link = shareableLink(args.id, 'Weekly');
    return link;
  },
});
`,
    );
    const run = runMigration({ files: [path.join(dir, 'server.ts'), path.join(dir, 'format.ts')] });
    const server = run.files.find((file) => file.fileName.endsWith('server.ts'))!;
    expect(server.text).toContain('    return successResult(link);');
    expect(run.files.find((file) => file.fileName.endsWith('format.ts'))!.changed).toBe(false);
  });
});

describe('content items a helper builds on several paths', () => {
  it('an error item on one path and the formatted items on another: a failure on some paths, never isError for every call', () => {
    const code = `
type Found = { results: { title: string }[] } | { error: string };
declare function search(query: string): Promise<Found>;
function toItems(found: Found): Array<{ type: 'text'; text: string }> {
  if ('error' in found) {
    return [{ type: 'text' as const, text: \`Error: \${found.error}\` }];
  }
  return found.results.map((result) => ({ type: 'text' as const, text: result.title }));
}
server.tool('search', async ({ query }: { query: string }) => {
  const found = await search(query);
  return { content: toItems(found) };
});
`;
    const output = rewritten(`${SDK}${code}`);
    expect(output).not.toContain('isError: true');
    expect(findings(code).filter((finding) => finding.startsWith('error-content'))).toHaveLength(1);
  });

  it('the same when the items of the other path are pushed into an array the helper returns', () => {
    const code = `
type Found = { results: { title: string }[] } | { error: string };
declare function search(query: string): Promise<Found>;
function listItems(results: { title: string }[]): Array<{ type: 'text'; text: string }> {
  const items: Array<{ type: 'text'; text: string }> = [];
  items.push({ type: 'text', text: \`\${results.length} results\` });
  return items;
}
function toItems(found: Found): Array<{ type: 'text'; text: string }> {
  if ('error' in found) return [{ type: 'text' as const, text: \`Error: \${found.error}\` }];
  return listItems(found.results);
}
server.tool('search', async ({ query }: { query: string }) => ({ content: toItems(await search(query)) }));
`;
    expect(rewritten(`${SDK}${code}`)).not.toContain('isError: true');
  });

  it('items pushed per element in a loop, some of them failures, are the batch report', () => {
    const code = `
declare function fetchAll(urls: string[]): Promise<({ url: string; body: string } | { url: string; error: string })[]>;
server.tool('read_many', async ({ urls }: { urls: string[] }) => {
  const items: { type: 'text'; text: string }[] = [];
  for (const page of await fetchAll(urls)) {
    if ('error' in page) items.push({ type: 'text', text: \`Error: \${page.error}\` });
    else items.push({ type: 'text', text: page.body });
  }
  return { content: items };
});
`;
    expect(rewritten(`${SDK}${code}`)).not.toContain('isError');
    expect(findings(code).filter((finding) => finding.startsWith('error-'))).toEqual([]);
    const indexed = code.replace('for (const page of await fetchAll(urls)) {', 'const pages = await fetchAll(urls);\n  for (let index = 0; index < pages.length; index++) {\n    const page = pages[index];');
    expect(findings(indexed).filter((finding) => finding.startsWith('error-'))).toEqual([]);
  });
});

describe('an error builder that writes the failure report itself', () => {
  const code = `
function describeFailure(error: any, context: string): string {
  if (error.response) {
    let message = \`\${context} failed (HTTP \${error.response.status}\`;
    message += ')';
    if (error.response.data) message += \`: \${error.response.data}\`;
    return message;
  }
  return \`\${context} failed: \${error.message}\`;
}
function failureResult(error: any, context: string) {
  return { content: [{ type: 'text' as const, text: describeFailure(error, context) }] };
}
server.tool('fetch_page', async () => {
  try {
    return { content: [{ type: 'text' as const, text: await (await fetch('https://example.test')).text() }] };
  } catch (error) {
    return failureResult(error, 'Fetching the page');
  }
});
`;

  it('is one site, at its literal, rewritten there; its calls are not sites too', () => {
    expect(findings(code)).toEqual(['error-content@18:10[fetch_page]']);
    const output = rewritten(`${SDK}${code}`);
    expect(output).toContain('  return errorTextResult(describeFailure(error, context));');
    expect(output).toContain("    return failureResult(error, 'Fetching the page');");
  });
});

describe('JSON of one field inside a labelled line written per element', () => {
  const code = `
declare function entries(): Promise<{ id: string; note: string; meta?: Record<string, string> }[]>;
server.tool('log', async () => {
  const list = await entries();
  let message = \`**Log** (\${list.length} entries)\\n\\n\`;
  list.forEach((entry, index) => {
    message += \`\${index + 1}. \${entry.note}\\n\`;
    if (entry.meta) message += \`   Meta: \${JSON.stringify(entry.meta)}\\n\`;
  });
  return { content: [{ type: 'text', text: message }] };
});
declare function describe(value: unknown): string;
server.tool('info', async () => {
  const info = (await entries())[0];
  const text = Object.entries(info).map(([key, value]) => \`\${key}: \${typeof value === 'object' ? JSON.stringify(value) : String(value)}\`).join('\\n');
  return { content: [{ type: 'text', text }] };
});
server.tool('log_lines', async () => {
  const lines: string[] = [];
  for (const entry of await entries()) lines.push(JSON.stringify(entry));
  return { content: [{ type: 'text', text: lines.join('\\n') }] };
});
`;
  it('is part of the prose, not the data of the result; a whole line of JSON per element still is data', () => {
    const found = findings(code);
    expect(found.filter((finding) => finding.endsWith('[log]') || finding.endsWith('[info]'))).toEqual([]);
    expect(found.some((finding) => finding.startsWith('json-') && finding.endsWith('[log_lines]'))).toBe(true);
  });
});

describe('parts of a text joined from an array literal', () => {
  it('a labelled line that holds JSON of the data is still JSON text when it is not written per element', () => {
    const code = `
declare function rows(): Promise<{ id: string }[]>;
server.tool('rows', async () => {
  const all = await rows();
  return { content: [{ type: 'text', text: [\`Rows: \${JSON.stringify(all)}\`, 'end'].join('\\n') }] };
});
`;
    expect(findings(code).some((finding) => finding.startsWith('json-') && finding.endsWith('[rows]'))).toBe(true);
  });
});

describe('a string method called on the text', () => {
  it('still takes the text apart: JSON.stringify(rows, null, 2).trim() is JSON text', () => {
    const code = `
declare function rows(): Promise<{ id: string }[]>;
server.tool('trimmed', async () => {
  const all = await rows();
  return { content: [{ type: 'text', text: JSON.stringify(all, null, 2).trim() }] };
});
`;
    expect(findings(code).some((finding) => finding.startsWith('json-') && finding.endsWith('[trimmed]'))).toBe(true);
  });
});
