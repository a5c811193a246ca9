import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigration } from '../../transforms/index.js';
import { analyzeText, rewritten } from './helpers.js';

const SDK = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
declare const api: { get(id: string): Promise<Record<string, unknown>>; list(): Promise<unknown[]> };
`;

/** kind@line, with ` review: <reason>` for a site left for review (the builders' own literals, strict-only, left out). */
function sites(code: string): string[] {
  return analyzeText(code).findings.filter((f) => f.kind !== 'hand-built-result').map((f) => `${f.kind}@${f.line}${f.rewrite ? '' : ` review: ${f.reviewReason}`}`);
}

describe("a JSON helper whose replacer or indent cannot be moved: jsonResult's stringify option calls it", () => {
  it("a helper whose replacer is its own local: jsonResult(value, { stringify: helper })", () => {
    const code = `${SDK}function toText(data: unknown): string {
  const bigints = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
  return JSON.stringify(data, bigints, 2);
}
server.tool('get', {}, async () => toText(await api.get('a')));
server.tool('get_text', {}, async () => ({ content: [{ type: 'text', text: toText(await api.list()) }] }));
`;
    expect(sites(code)).toEqual(['json-stringify@8', 'json-text-content@9']);
    const output = rewritten(code);
    expect(output).toContain("server.tool('get', {}, async () => jsonResult(await api.get('a'), { stringify: toText }));");
    expect(output).toContain("server.tool('get_text', {}, async () => jsonResult(await api.list(), { stringify: toText }));");
  });

  it('a helper whose indent parameter has a default the call leaves out', () => {
    const code = `${SDK}function pretty(data: unknown, spaces = 4): string {
  return JSON.stringify(data, null, spaces);
}
server.tool('get', {}, async () => pretty(await api.get('a')));
`;
    expect(rewritten(code)).toContain("async () => jsonResult(await api.get('a'), { indent: 4 })");
  });

  it("a helper's indent or replacer parameter takes the call's argument: it is moved into the options", () => {
    const code = `${SDK}declare const redact: (key: string, value: unknown) => unknown;
function indented(data: unknown, spaces: number, replacer: ((key: string, value: unknown) => unknown) | null = null): string {
  return JSON.stringify(data, replacer, spaces);
}
server.tool('a', {}, async () => indented(await api.get('a'), 3));
server.tool('b', {}, async ({ width }: { width: number }) => indented(await api.get('b'), width, redact));
`;
    const output = rewritten(code);
    expect(output).toContain("async () => jsonResult(await api.get('a'), { indent: 3 })");
    expect(output).toContain("async ({ width }: { width: number }) => jsonResult(await api.get('b'), { replacer: redact, space: width })");
  });

  it("a helper with its own replacer, given the indent at the call: the helper writes the text, called as the call called it", () => {
    const code = `${SDK}function toJsonText(data: unknown, space?: number): string {
  const bigints = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
  return JSON.stringify(data, bigints, space);
}
server.tool('get', {}, async () => toJsonText(await api.get('a'), 2));
server.tool('list', {}, async () => toJsonText(await api.list(), Number.parseInt('2', 10)));
`;
    expect(sites(code)).toEqual([
      'json-stringify@8',
      'json-stringify@9 review: the JSON helper computes its replacer or indent from the arguments of this call; return jsonResult(value, { replacer, indent }) with the values it computes',
    ]);
    expect(rewritten(code)).toContain("server.tool('get', {}, async () => jsonResult(await api.get('a'), { stringify: (value) => toJsonText(value, 2) }));");
  });

  it('near-misses stay for review, each with its reason: an indent computed inside the helper, a helper that reads this', () => {
    const code = `${SDK}function maybeCompact(data: unknown, compact: boolean): string {
  const spaces = compact ? 0 : 2;
  return JSON.stringify(data, null, spaces);
}
const printer = {
  spaces: 2,
  print: function (data: unknown): string {
    return JSON.stringify(data, null, this.spaces);
  },
};
server.tool('a', {}, async () => maybeCompact(await api.get('a'), true));
server.tool('b', {}, async () => printer.print(await api.get('b')));
`;
    expect(sites(code)).toEqual([
      "json-stringify@14 review: the JSON helper computes its replacer or indent from the arguments of this call; return jsonResult(value, { replacer, indent }) with the values it computes",
      'json-stringify@15 review: the JSON helper reads this; return jsonResult(value, { replacer, indent }) with the values it uses',
    ]);
  });
});

describe("the server's own text helper (createResponse(text), ResponseBuilder.markdown(text)) given JSON or failure text", () => {
  const CREATE_RESPONSE = `${SDK}const createResponse = (arg: string, isError: boolean = false) => {
  return {
    content: [{ type: 'text' as const, text: arg }],
    isError,
  };
};
`;

  it('a plain text result of its argument: the call becomes jsonResult(value) with the same indent', () => {
    const code = `${CREATE_RESPONSE}server.tool('pretty', {}, async () => {
  const result = await api.get('a');
  return createResponse(JSON.stringify(result, null, 2));
});
server.tool('compact', {}, async () => createResponse(JSON.stringify(await api.list())));
server.tool('flagged', {}, async () => createResponse(JSON.stringify(await api.list()), false));
`;
    expect(sites(code)).toEqual(['json-text-content@12', 'json-text-content@14', 'json-text-content@15']);
    const output = rewritten(code);
    expect(output).toContain('  return jsonResult(result);');
    expect(output).toContain("server.tool('compact', {}, async () => jsonResult(await api.list(), { indent: 0 }));");
    expect(output).toContain("server.tool('flagged', {}, async () => jsonResult(await api.list(), { indent: 0 }));");
    // The helper itself is left as it is: other code may call it.
    expect(output).toContain('const createResponse = (arg: string, isError: boolean = false) => {');
  });

  it('a helper that also takes the structuredContent: a call that gives the data is a proper result, one that leaves it out is the site', () => {
    const code = `${SDK}function replyText(text: string, structuredContent?: Record<string, unknown>) {
  return { content: [{ type: 'text' as const, text }], structuredContent };
}
server.tool('get', {}, async () => {
  const item = await api.get('a');
  return replyText(JSON.stringify(item), { ...item });
});
server.tool('list', {}, async () => replyText(JSON.stringify(await api.list())));
server.tool('none', {}, async () => replyText(JSON.stringify(await api.get('b')), undefined));
`;
    expect(sites(code).map((site) => site.replace(/ review: .*/, ' review'))).toEqual(['json-text-content@11 review', 'json-text-content@12 review']);
  });

  it('a helper whose other parts test a parameter the call leaves out is plain for that call: its text is the message', () => {
    const code = `${SDK}function toResult(message: string, data?: unknown, token?: string) {
  return { content: [{ type: 'text' as const, text: \`\${message}\${data !== undefined ? \`\\n\${JSON.stringify(data)}\` : ''}\${token ? \` (next: \${token})\` : ''}\` }] };
}
server.tool('a', {}, async () => {
  try {
    return toResult('Listed', await api.list());
  } catch (error) {
    return toResult(\`Failed to list: \${String(error)}\`);
  }
});
server.tool('b', {}, async () => toResult(\`Failed to page: \${String(await api.get('x'))}\`, undefined, 'next'));
`;
    const output = rewritten(code);
    expect(output).toContain('    return errorTextResult(`Failed to list: ${String(error)}`);');
    // Given a token, the text is more than the message: left for review at the call.
    expect(output).toContain("toResult(`Failed to page: ${String(await api.get('x'))}`, undefined, 'next')");
    expect(sites(code).filter((site) => site.startsWith('error-content')).map((site) => site.replace(/ review: .*/, ' review'))).toEqual(['error-content@11', 'error-content@14 review']);
  });

  it('failure text through a plain text helper without an isError parameter: errorTextResult(the same text)', () => {
    const code = `${SDK}class ResponseBuilder {
  public static markdown(content: string) {
    return { content: [{ type: 'text' as const, text: content }] };
  }
}
server.tool('start', {}, async () => {
  try {
    return ResponseBuilder.markdown(JSON.stringify(await api.get('a'), null, 2));
  } catch (error) {
    return ResponseBuilder.markdown(\`❌ Failed to start the container: \${String(error)}\`);
  }
});
`;
    expect(sites(code)).toEqual(['json-text-content@11', 'error-content@13']);
    const output = rewritten(code);
    expect(output).toContain("    return jsonResult(await api.get('a'));");
    expect(output).toContain('    return errorTextResult(`❌ Failed to start the container: ${String(error)}`);');
  });

  it('near-misses stay for review: a helper that adds other fields, one that does more than return, one that builds around the text', () => {
    const code = `${SDK}function withMeta(text: string) {
  return { content: [{ type: 'text' as const, text }], _meta: { source: 'cache' } };
}
function logged(text: string) {
  console.error(text);
  return { content: [{ type: 'text' as const, text }] };
}
function labelled(text: string) {
  return { content: [{ type: 'text' as const, text: \`Result:\\n\${text}\` }] };
}
server.tool('a', {}, async () => withMeta(JSON.stringify(await api.get('a'))));
server.tool('b', {}, async () => logged(JSON.stringify(await api.get('b'))));
server.tool('c', {}, async () => labelled(JSON.stringify(await api.get('c'))));
`;
    const reason = (name: string) => `the text passed to ${name} is built from JSON.stringify output, and ${name} does more than return it as the text of a result; return jsonResult(data) (or successResult(text, data)) instead`;
    expect(sites(code)).toEqual([`json-text-content@14 review: ${reason('withMeta')}`, `json-text-content@15 review: ${reason('logged')}`, `json-text-content@16 review: ${reason('labelled')}`]);
  });

  it('an error helper (isError: true) is right to carry failure text: nothing is reported at its calls', () => {
    const code = `${SDK}function fail(text: string) {
  return { content: [{ type: 'text' as const, text }], isError: true };
}
server.tool('a', {}, async () => fail('Failed to load the page'));
`;
    expect(sites(code)).toEqual([]);
  });
});

describe('prose around JSON in one text: successResult(the same text, data) when the data keeps what the prose says', () => {
  it('a constant label: the value itself, named by its variable', () => {
    const code = `${SDK}server.tool('versions', {}, async () => {
  const versions = await api.list();
  return { content: [{ type: 'text', text: \`Versions for the component:\\n\${JSON.stringify(versions, null, 2)}\` }] };
});
`;
    expect(sites(code)).toEqual(['json-text-content@6']);
    expect(rewritten(code)).toContain('  return successResult(`Versions for the component:\\n${JSON.stringify(versions, null, 2)}`, { versions });');
  });

  it('an object literal value is the data itself', () => {
    const code = `${SDK}server.tool('config', {}, async () => {
  const config = { theme: 'dark', size: 12 };
  return { content: [{ type: 'text', text: 'Configuration: ' + JSON.stringify(config) }] };
});
`;
    expect(rewritten(code)).toContain("  return successResult('Configuration: ' + JSON.stringify(config), config);");
  });

  it('values the prose names go into the data beside the JSON value, under their own names', () => {
    const code = `${SDK}server.tool('wiki', {}, async ({ path }: { path: string }) => {
  const result = await api.get(path);
  return { content: [{ type: 'text', text: \`Created wiki page at \${path}. Response: \${JSON.stringify(result, null, 2)}\` }] };
});
`;
    expect(rewritten(code)).toContain('  return successResult(`Created wiki page at ${path}. Response: ${JSON.stringify(result, null, 2)}`, { path, result });');
  });

  it('through a plain text helper: the call becomes successResult, property accesses named by their last name', () => {
    const code = `${SDK}class ResponseBuilder {
  public static markdown(content: string) {
    return { content: [{ type: 'text' as const, text: content }] };
  }
}
server.tool('trace', {}, async (params: { trace_id: string }) => {
  const result = { data: await api.get(params.trace_id) };
  return ResponseBuilder.markdown(\`## Trace: \${params.trace_id}\\n\\n\\\`\\\`\\\`json\\n\${JSON.stringify(result.data, null, 2)}\\n\\\`\\\`\\\`\`);
});
`;
    expect(sites(code)).toEqual(['json-text-content@11']);
    expect(rewritten(code)).toContain('  return successResult(`## Trace: ${params.trace_id}\\n\\n\\`\\`\\`json\\n${JSON.stringify(result.data, null, 2)}\\n\\`\\`\\``, { trace_id: params.trace_id, data: result.data });');
  });

  it('prose that carries what the data cannot hold stays for review, naming the clients that would lose it', () => {
    const code = `${SDK}declare function describe(value: unknown): string;
declare const a: { id: string };
declare const b: { id: string };
server.tool('computed', {}, async () => {
  const rows = await api.list();
  return { content: [{ type: 'text', text: \`\${describe(rows)}: \${JSON.stringify(rows)}\` }] };
});
server.tool('branches', {}, async ({ full }: { full: boolean }) => {
  const rows = await api.list();
  return { content: [{ type: 'text', text: \`All: \${full ? JSON.stringify(rows) : 'none'}\` }] };
});
server.tool('same_names', {}, async () => {
  return { content: [{ type: 'text', text: \`\${a.id} vs \${b.id}: \${JSON.stringify(a)}\` }] };
});
server.tool('evaluated', {}, async () => {
  return { content: [{ type: 'text', text: \`Found: \${JSON.stringify(await api.list())}\` }] };
});
`;
    const reason =
      'the text is built from JSON.stringify output and prose this rewrite cannot carry into structuredContent (a computed part, a branch, two values of one name, or JSON of a value that is evaluated there); Claude Code and the Codex app show only structuredContent and would lose it: move the data to structuredContent by hand';
    expect(sites(code)).toEqual([`json-text-content@9 review: ${reason}`, `json-text-content@13 review: ${reason}`, `json-text-content@16 review: ${reason}`, `json-text-content@19 review: ${reason}`]);
  });

  it('a replacer keeps it for review; another field stays beside the spread of successResult', () => {
    const code = `${SDK}declare const redact: (key: string, value: unknown) => unknown;
server.tool('a', {}, async () => {
  const rows = await api.list();
  return { content: [{ type: 'text', text: \`Rows: \${JSON.stringify(rows, redact)}\` }] };
});
server.tool('b', {}, async () => {
  const rows = await api.list();
  return { content: [{ type: 'text', text: \`Rows: \${JSON.stringify(rows)}\` }], _meta: { page: 1 } };
});
`;
    expect(analyzeText(code).findings.map((f) => [f.line, f.rewrite === null])).toEqual([
      [7, true],
      [11, false],
    ]);
    expect(rewritten(code)).toContain('  return { ...successResult(`Rows: ${JSON.stringify(rows)}`, { rows }), _meta: { page: 1 } };');
  });
});

describe('across files (syntax-only, as the bench runs)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mrk-text-helpers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("a JSON helper in another file, imported by name or through a namespace's object: jsonResult calls it", () => {
    writeFileSync(
      path.join(dir, 'helpers.ts'),
      `export function stringifyWithBigInt(value: unknown): string {
  return JSON.stringify(value, (_, val) => (typeof val === 'bigint' ? val.toString() : val), 2);
}
export const helpers = {
  formatJson: (obj: unknown): string => JSON.stringify(obj, (_, value) => (typeof value === 'bigint' ? value.toString() : value), 2),
};
`,
    );
    writeFileSync(
      path.join(dir, 'server.ts'),
      `${SDK}import { stringifyWithBigInt } from './helpers.js';
import * as services from './helpers.js';
server.tool('balances', {}, async () => {
  const response = await api.get('balances');
  return { content: [{ type: 'text', text: stringifyWithBigInt(response.data) }] };
});
server.tool('block', {}, async () => {
  const block = await api.get('block');
  return { content: [{ type: 'text', text: services.helpers.formatJson(block) }] };
});
`,
    );
    const run = runMigration({ files: [path.join(dir, 'server.ts'), path.join(dir, 'helpers.ts')] });
    const server = run.files.find((file) => file.fileName.endsWith('server.ts'))!;
    expect(server.diagnostics.filter((d) => d.severity === 'review')).toEqual([]);
    expect(server.text).toContain('  return jsonResult(response.data, { stringify: stringifyWithBigInt });');
    expect(server.text).toContain('  return jsonResult(block, { stringify: services.helpers.formatJson });');
    expect(run.files.find((file) => file.fileName.endsWith('helpers.ts'))!.changed).toBe(false);
  });
});

describe('JSON text kept in a variable before the result is built', () => {
  it('the value changed since (a field written): stays for review, with a reason that says so (not prose)', () => {
    const code = `${SDK}server.tool('file', {}, async () => {
  const info = await api.get('file');
  const json = JSON.stringify(info);
  console.error('sending', json.length);
  info.sent = true;
  return { content: [{ type: 'text', text: json }] };
});
`;
    expect(sites(code)).toEqual([
      'json-text-content@9 review: the text is JSON.stringify output kept in a variable (const json = JSON.stringify(value)), and the value may have changed since; return jsonResult(value) where it is made, by hand',
    ]);
  });
});
