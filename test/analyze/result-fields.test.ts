import { describe, expect, it } from 'vitest';
import { analyzeText, rewritten } from './helpers.js';

const SDK = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
declare const api: { get(id: string): Promise<Record<string, unknown>>; list(): Promise<unknown[]> };
declare const logger: { debug(...values: unknown[]): void };
`;

/** kind@line, with ` review: <reason>` for a site left for review. */
function sites(code: string): string[] {
  return analyzeText(code).findings.map((f) => `${f.kind}@${f.line}${f.rewrite ? '' : ` review: ${f.reviewReason}`}`);
}

/** The file after its rewrites, run a second time: what a second `migrate` would still find. */
function secondRun(code: string): string[] {
  return sites(rewritten(code));
}

describe('a JSON result with other fields: the fields stay, the content becomes the spread of jsonResult', () => {
  it('metadata beside the content: { ...jsonResult(value), metadata }, in the layout of the literal', () => {
    const code = `${SDK}server.tool('board', {}, async ({ id }: { id: string }) => {
  const board = await api.get(id);
  return {
    content: [
      {
        type: 'text',
        text: JSON.stringify(board, null, 2),
      },
    ],
    metadata: {
      id,
      name: board.name,
    },
  };
});
`;
    expect(sites(code)).toEqual(['json-text-content@7']);
    expect(rewritten(code)).toContain(`  return {
    ...jsonResult(board),
    metadata: {
      id,
      name: board.name,
    },
  };`);
    expect(secondRun(code)).toEqual([]);
  });

  it('an object literal stringified compactly, with _meta and isError: false kept', () => {
    const code = `${SDK}server.tool('link', {}, async ({ team }: { team: string }) => {
  return {
    content: [{ type: 'text', text: JSON.stringify({
      team,
      url: 'https://example.test/' + team,
    }) }],
    isError: false,
    _meta: { team },
  };
});
`;
    expect(rewritten(code)).toContain(`  return {
    ...jsonResult({
      team,
      url: 'https://example.test/' + team,
    }, { indent: 0 }),
    isError: false,
    _meta: { team },
  };`);
    expect(secondRun(code)).toEqual([]);
  });

  it('prose around JSON with another field: { ...successResult(text, data), field }', () => {
    const code = `${SDK}server.tool('rows', {}, async () => {
  const rows = await api.list();
  return { content: [{ type: 'text', text: \`Rows:\\n\${JSON.stringify(rows, null, 2)}\` }], _meta: { page: 1 } };
});
`;
    expect(rewritten(code)).toContain('  return { ...successResult(`Rows:\\n${JSON.stringify(rows, null, 2)}`, { rows }), _meta: { page: 1 } };');
    expect(secondRun(code)).toEqual([]);
  });

  it('a spread, a computed key or a structuredContent-like field among the others keeps it for review, saying why', () => {
    const code = `${SDK}declare const extra: Record<string, unknown>;
declare const key: string;
server.tool('a', {}, async () => {
  const rows = await api.list();
  return { content: [{ type: 'text', text: JSON.stringify(rows) }], ...extra };
});
server.tool('b', {}, async () => {
  const rows = await api.list();
  return { content: [{ type: 'text', text: JSON.stringify(rows) }], [key]: 1 };
});
`;
    const reason = 'the result has other fields that may set structuredContent or isError (a spread, a computed name); add structuredContent by hand';
    expect(sites(code)).toEqual([`json-text-content@9 review: ${reason}`, `json-text-content@13 review: ${reason}`]);
  });
});

describe('a spread of a helper result is a result: not a bare object', () => {
  it('{ ...successResult(text), _meta } and { ...jsonResult(data), page } are left alone', () => {
    const code = `${SDK}import { jsonResult, successResult } from 'mcp-result-kit';
server.tool('a', {}, async () => ({ ...successResult('done'), page: 2 }));
server.tool('b', {}, async () => {
  const rows = await api.list();
  return { ...jsonResult(rows), count: rows.length };
});
`;
    expect(sites(code)).toEqual([]);
  });

  it('a spread of other data with a field is still a bare object', () => {
    const code = `${SDK}server.tool('a', {}, async () => {
  const row = await api.get('a');
  return { ...row, page: 2 };
});
`;
    expect(sites(code)).toEqual(['bare-object@7']);
  });
});

describe('JSON text kept in a const before the result is built', () => {
  it('the next statement builds the result and nothing else reads the const: the value moves into jsonResult, the const goes', () => {
    const code = `${SDK}server.tool('add', {}, async ({ name }: { name: string }) => {
  const ref = await api.get(name);

  // Ensure clean JSON
  const sanitizedJson = JSON.stringify({
    id: ref.id,
    path: ref.path,
  });

  // Log the response for debugging
  const response = {
    content: [
      {
        type: 'text',
        text: sanitizedJson,
      },
    ],
  };
  logger.debug('response:', JSON.stringify(response));
  return response;
});
`;
    expect(sites(code)).toEqual(['json-text-content@15']);
    const output = rewritten(code);
    expect(output).toContain(`  // Ensure clean JSON
  // Log the response for debugging
  const response = jsonResult({
    id: ref.id,
    path: ref.path,
  }, { indent: 0 });
  logger.debug('response:', JSON.stringify(response));`);
    expect(output).not.toContain('sanitizedJson');
    expect(secondRun(code)).toEqual([]);
  });

  it('the const is read again (its length logged): it stays, and jsonResult reads the value again when nothing between can change it', () => {
    const code = `${SDK}server.tool('deep', {}, async () => {
  const structured = await api.get('deep');
  const text = JSON.stringify(structured, null, 2);
  logger.debug(\`prepared \${text.length} characters\`);
  const result = {
    content: [
      {
        type: 'text' as const,
        text,
      },
    ],
  };
  return result;
});
`;
    expect(sites(code)).toEqual(['json-text-content@9']);
    const output = rewritten(code);
    expect(output).toContain('  const text = JSON.stringify(structured, null, 2);');
    expect(output).toContain('  const result = jsonResult(structured);');
    expect(secondRun(code)).toEqual([]);
  });

  it('with other fields too: { ...jsonResult(value), field }', () => {
    const code = `${SDK}server.tool('info', {}, async () => {
  const info = await api.get('info');
  const json = JSON.stringify(info);
  return { content: [{ type: 'text', text: json }], _meta: { cached: false } };
});
`;
    expect(rewritten(code)).toContain('  return { ...jsonResult(info, { indent: 0 }), _meta: { cached: false } };');
  });

  it('the value may change between: read, passed to a call, awaited after, or not a plain value, it stays for review', () => {
    const code = `${SDK}declare function touch(value: unknown): void;
server.tool('passed', {}, async () => {
  const info = await api.get('a');
  const json = JSON.stringify(info);
  touch(info);
  return { content: [{ type: 'text', text: json }] };
});
server.tool('written', {}, async () => {
  const info = await api.get('a');
  const json = JSON.stringify(info);
  info.seen = true;
  return { content: [{ type: 'text', text: json }] };
});
server.tool('awaited', {}, async () => {
  const info = await api.get('a');
  const json = JSON.stringify(info);
  logger.debug(json.length);
  await api.list();
  return { content: [{ type: 'text', text: json }] };
});
server.tool('computed', {}, async () => {
  const json = JSON.stringify(await api.get('a'));
  logger.debug(json.length);
  return { content: [{ type: 'text', text: json }] };
});
server.tool('reassigned', {}, async () => {
  let info = await api.get('a');
  const json = JSON.stringify(info);
  info = {};
  return { content: [{ type: 'text', text: json }] };
});
`;
    const reason =
      'the text is JSON.stringify output kept in a variable (const json = JSON.stringify(value)), and the value may have changed since; return jsonResult(value) where it is made, by hand';
    expect(sites(code)).toEqual([`json-text-content@10 review: ${reason}`, `json-text-content@16 review: ${reason}`, `json-text-content@23 review: ${reason}`, `json-text-content@28 review: ${reason}`, `json-text-content@34 review: ${reason}`]);
  });
});

describe('a text that reports a failure in one branch of a ternary inside it: isError takes the condition', () => {
  it('the failure branch holds the JSON, the success branch none: the literal gains isError: <condition>, its text stays', () => {
    const code = `${SDK}declare const bulk: { run(): Promise<{ sys: { status: string }; error?: unknown }> };
server.tool('publish', {}, async () => {
  const action = await bulk.run();
  return {
    content: [
      {
        type: 'text',
        text: \`Bulk publish completed with status: \${action.sys.status}. \${
          action.sys.status === 'failed'
            ? \`Error: \${JSON.stringify(action.error)}\`
            : \`Successfully processed items.\`
        }\`,
      },
    ],
  };
});
server.tool('validate', {}, async () => {
  const action = await bulk.run();
  return { content: [{ type: 'text', text: \`Done. \${action.sys.status !== 'failed' ? 'All valid.' : \`Error: \${JSON.stringify(action.error)}\`}\` }] };
});
`;
    expect(sites(code)).toEqual(['error-content@8', 'error-content@23']);
    const output = rewritten(code);
    expect(output).toContain(`      },
    ],
    isError: action.sys.status === 'failed',
  };`);
    expect(output).toContain("}` }], isError: !(action.sys.status !== 'failed') };");
    expect(secondRun(code)).toEqual([]);
  });

  it('a condition on a let, narrowed by the loop that polled it, is not read a second time: left for review', () => {
    const code = `${SDK}declare const bulk: { run(): Promise<{ sys: { status: 'inProgress' | 'failed' | 'succeeded' }; error?: unknown }> };
server.tool('publish', {}, async () => {
  let action = await bulk.run();
  while (action.sys.status === 'inProgress') action = await bulk.run();
  return { content: [{ type: 'text', text: \`Done: \${action.sys.status === 'failed' ? \`Error: \${JSON.stringify(action.error)}\` : 'all published.'}\` }] };
});
`;
    expect(rewritten(code)).not.toContain('isError: action.sys.status');
  });

  it('a condition that calls, JSON in the success branch too, or both branches alike: review as before', () => {
    const code = `${SDK}declare const bulk: { run(): Promise<{ sys: { status: string }; error?: unknown; items: unknown[] }> };
declare function failed(value: unknown): boolean;
server.tool('called', {}, async () => {
  const action = await bulk.run();
  return { content: [{ type: 'text', text: \`Done. \${failed(action) ? \`Error: \${JSON.stringify(action.error)}\` : 'ok'}\` }] };
});
server.tool('both', {}, async () => {
  const action = await bulk.run();
  return { content: [{ type: 'text', text: \`Done. \${action.sys.status === 'failed' ? \`Error: \${JSON.stringify(action.error)}\` : JSON.stringify(action.items)}\` }] };
});
`;
    expect(analyzeText(code).findings.map((f) => f.rewrite === null)).toEqual([true, true]);
  });
});

describe('prose with several values: each under its own name', () => {
  it('two JSON values and the names the prose reads go into the data', () => {
    const code = `${SDK}server.tool('unlink', {}, async ({ type }: { type: string }) => {
  const removed = await api.list();
  const updated = await api.get('item');
  return {
    content: [
      {
        type: 'text',
        text:
          \`Removed \${removed.length} link(s) of type '\${type}':\\n\` +
          JSON.stringify(removed, null, 2) +
          \`\\n\\nUpdated work item:\\n\` +
          JSON.stringify(updated, null, 2),
      },
    ],
    isError: false,
  };
});
`;
    const output = rewritten(code);
    // The later lines of the text keep their place relative to its first line, as every moved expression does.
    expect(output).toContain(`  return successResult(\`Removed \${removed.length} link(s) of type '\${type}':\\n\` +
  JSON.stringify(removed, null, 2) +
  \`\\n\\nUpdated work item:\\n\` +
  JSON.stringify(updated, null, 2), { length: removed.length, type, removed, updated });`);
    expect(secondRun(code)).toEqual([]);
  });

  it('prose kept in consts just before (a summary, the JSON): read through, when nothing between changes the values', () => {
    const code = `${SDK}declare const history: { recent(): unknown[]; stats(): { total: number } };
server.tool('recent_calls', {}, async () => {
  const calls = history.recent();
  const stats = history.stats();
  const summary = \`Tool calls (\${calls.length} results, \${stats.total} in memory)\`;
  const callsJson = JSON.stringify(calls, null, 2);
  return { content: [{ type: 'text', text: \`\${summary}\\n\\n\${callsJson}\` }] };
});
server.tool('changed', {}, async () => {
  const calls = history.recent();
  const callsJson = JSON.stringify(calls, null, 2);
  calls.push('later');
  return { content: [{ type: 'text', text: \`Calls:\\n\${callsJson}\` }] };
});
`;
    expect(rewritten(code)).toContain('  return successResult(`${summary}\\n\\n${callsJson}`, { summary, calls });');
    expect(analyzeText(code).findings.map((f) => [f.line, f.rewrite === null])).toEqual([
      [11, false],
      [17, true],
    ]);
  });
});

describe('a text that is a ternary of texts: a ternary of results, each branch rewritten on its own', () => {
  it('JSON in one branch, a plain sentence in the other', () => {
    const code = `${SDK}server.tool('sessions', {}, async () => {
  const sessions = await api.list();
  return {
    content: [
      {
        type: 'text',
        text:
          sessions.length > 0
            ? JSON.stringify(sessions, null, 2)
            : 'No active sessions',
      },
    ],
  };
});
`;
    expect(rewritten(code)).toContain(`  return sessions.length > 0
    ? jsonResult(sessions)
    : successResult('No active sessions');`);
    expect(secondRun(code)).toEqual([]);
  });

  it('a failure in a branch becomes errorTextResult of its text; a branch whose prose cannot be carried keeps the whole for review', () => {
    const code = `${SDK}declare function describe(value: unknown): string;
server.tool('found', {}, async ({ id }: { id: string }) => {
  const row = await api.get(id);
  return { content: [{ type: 'text', text: row ? JSON.stringify(row) : \`Error: no row \${id}\` }] };
});
server.tool('described', {}, async () => {
  const rows = await api.list();
  return { content: [{ type: 'text', text: rows.length ? \`\${describe(rows)}: \${JSON.stringify(rows)}\` : 'none' }] };
});
`;
    expect(rewritten(code)).toContain('  return row ? jsonResult(row, { indent: 0 }) : errorTextResult(`Error: no row ${id}`);');
    expect(analyzeText(code).findings.map((f) => [f.line, f.rewrite === null])).toEqual([
      [8, false],
      [12, true],
    ]);
  });
});

describe("a server's text builder that keeps toCallToolResult's text in a const first", () => {
  it('const text = typeof value === "string" ? value : JSON.stringify(value, null, 2): toCallToolResult(value), the const goes', () => {
    const code = `${SDK}function textResult(value: unknown) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return { content: [{ type: 'text' as const, text }] };
}
server.tool('leads', {}, async () => textResult(await api.list()));
`;
    expect(sites(code)).toEqual(['transport-wrapper@7']);
    expect(rewritten(code)).toContain(`function textResult(value: unknown) {
  return toCallToolResult(value);
}`);
    expect(secondRun(code)).toEqual([]);
  });

  it('a compact JSON, or the text read again after the value changed: review as before', () => {
    const code = `${SDK}function compact(value: unknown) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return { content: [{ type: 'text' as const, text }] };
}
function logged(value: unknown) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  logger.debug(text.length);
  value = null;
  return { content: [{ type: 'text' as const, text }] };
}
server.tool('a', {}, async () => compact(await api.list()));
server.tool('b', {}, async () => logged(await api.list()));
`;
    expect(analyzeText(code).findings.map((f) => f.rewrite === null)).toEqual([true, true]);
  });
});

describe('several content items, one of them the JSON of a value: the items stay as written, the data is added', () => {
  it('adds structuredContent: jsonResult(value).structuredContent, with the JSON options, and a second run finds nothing', () => {
    const code = `${SDK}server.tool('iterations', {}, async ({ team }: { team: string }) => {
  const iterations = await api.list();
  return {
    content: [
      { type: 'text', text: \`Team: \${team}\` },
      { type: 'text', text: JSON.stringify(iterations, null, 2) },
    ],
  };
});
server.tool('compact', {}, async () => {
  const page = { items: await api.list() };
  return { content: [{ type: 'text', text: 'Page 1' }, { type: 'text', text: JSON.stringify(page.items) }], isError: false };
});
`;
    expect(sites(code)).toEqual(['json-text-content@7', 'json-text-content@16']);
    const output = rewritten(code);
    expect(output).toContain(`      { type: 'text', text: JSON.stringify(iterations, null, 2) },
    ],
    structuredContent: jsonResult(iterations).structuredContent,
  };`);
    expect(output).toContain("return { content: [{ type: 'text', text: 'Page 1' }, { type: 'text', text: JSON.stringify(page.items) }], isError: false, structuredContent: jsonResult(page.items, { indent: 0 }).structuredContent };");
    expect(secondRun(code)).toEqual([]);
  });

  it('leaves for review what it cannot add without evaluating twice or choosing: a call inside the JSON, two JSON items, other fields', () => {
    const code = `${SDK}server.tool('calls', {}, async () => ({ content: [{ type: 'text', text: 'All' }, { type: 'text', text: JSON.stringify(await api.list()) }] }));
server.tool('two', {}, async () => {
  const a = await api.list();
  const b = await api.get('b');
  return { content: [{ type: 'text', text: JSON.stringify(a) }, { type: 'text', text: JSON.stringify(b) }] };
});
server.tool('meta', {}, async () => {
  const rows = await api.list();
  return { content: [{ type: 'text', text: 'Rows' }, { type: 'text', text: JSON.stringify(rows) }], _meta: { page: 1 } };
});
`;
    expect(sites(code).map((site) => site.replace(/ review: .*/, ' review'))).toEqual(['json-text-content@5 review', 'json-text-content@9 review', 'json-text-content@13 review']);
  });
});

describe('the structuredContent the several-items rewrite adds, through the runtime and the SDK schema', () => {
  it('is an object for an array, an object and a value with a replacer: what SDK 1.x clients accept', async () => {
    const { jsonResult } = await import('../../packages/runtime/src/index.js');
    const { CallToolResultSchema } = await import('@modelcontextprotocol/sdk/types.js');
    const rows = [{ id: 1 }, { id: 2 }];
    const result = { content: [{ type: 'text' as const, text: 'Rows' }, { type: 'text' as const, text: JSON.stringify(rows, null, 2) }], structuredContent: jsonResult(rows).structuredContent };
    expect(CallToolResultSchema.parse(result).structuredContent).toEqual(jsonResult(rows).structuredContent);
    expect(result.structuredContent).toEqual(expect.any(Object));
    expect(Array.isArray(result.structuredContent)).toBe(false);
    expect(jsonResult({ a: 1, b: 2 }, { replacer: ['a'] }).structuredContent).toEqual({ a: 1 });
  });
});
