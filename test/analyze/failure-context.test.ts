// Failure by context (issue 23, family 4): a text returned from a `catch`, or from a branch that a
// failure test guards, reports a failure whatever its words; words still decide everywhere else,
// and empty successes stay successes.
import { describe, expect, it } from 'vitest';
import { analyzeText, rewritten, summary } from './helpers.js';

const SDK = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
`;

/** The findings of one tool whose body is `body`, as kind@line (line 1 is the tool's first body line). */
function findingsIn(body: string): string[] {
  const code = `${SDK}server.tool('t', async (args: { id: string; query?: string }) => {\n${body}\n});\n`;
  const offset = SDK.split('\n').length; // the body's first line
  // hand-built-result is prefer-result-helpers' note on every literal result: not about failures.
  return summary(code).filter((finding) => !finding.startsWith('hand-built-result')).map((finding) => {
    const [kind, rest] = finding.split('@');
    const line = Number(rest.split(':')[0]) - offset;
    return `${kind}@${line}`;
  });
}

describe('failure by context', () => {
  it('isError: true written on the text item instead of the result is the author marking a failure, whatever the text holds', () => {
    const body = `  const data = await fetch('https://x/' + args.id).then((response) => response.json());
  if (!data.posts) {
    return { content: [{ type: 'text', text: \`**No posts in response**\\n\\nRaw response: \${JSON.stringify(data)}\`, isError: true }] };
  }
  return { content: [{ type: 'text', text: \`\${data.posts.length} posts\` }] };`;
    expect(findingsIn(body)).toEqual(['error-content@3']);
    const code = `${SDK}server.tool('t', async (args: { id: string }) => {\n${body}\n});\n`;
    expect(rewritten(code)).toContain('isError: true }], isError: true };');
  });

  it('a text returned from a catch reports a failure, whatever its words', () => {
    expect(
      findingsIn(`  try {
    await fetch('https://x/' + args.id, { method: 'POST' });
    return { content: [{ type: 'text', text: 'Published' }] };
  } catch {
    return { content: [{ type: 'text', text: 'Publish did not go through' }] };
  }`),
    ).toEqual(['error-content@5']);
  });

  it('a raw string in a catch, and one passed to a success-named helper there, are failures too', () => {
    const code = `${SDK}
function okResponse(text: string) {
  return { content: [{ type: 'text' as const, text }] };
}
server.tool('a', async () => {
  try {
    return await (await fetch('https://x')).text();
  } catch {
    return 'The export did not go through';
  }
});
server.tool('b', async () => {
  try {
    await fetch('https://x');
    return okResponse('Sent');
  } catch {
    return okResponse('The message stayed in the outbox');
  }
});
`;
    const kinds = summary(code).filter((finding) => !finding.startsWith('hand-built-result'));
    expect(kinds).toContain('error-string@11:12[a]');
    expect(kinds.some((finding) => finding.startsWith('error-') && finding.includes('@19:') && finding.endsWith('[b]'))).toBe(true);
    expect(kinds.some((finding) => finding.includes('@17:'))).toBe(false);
  });

  it('a guard testing for a missing credential, a failed response or an error field makes its text a failure', () => {
    expect(
      findingsIn(`  const token = process.env.API_TOKEN;
  if (!token) return { content: [{ type: 'text', text: 'Authentication required' }] };
  const res = await fetch('https://x/' + args.id, { headers: { authorization: token } });
  if (!res.ok) return { content: [{ type: 'text', text: \`The item \${args.id} is a folder and cannot be downloaded\` }] };
  if (res.status >= 400) return { content: [{ type: 'text', text: 'Upstream said no' }] };
  const body = (await res.json()) as { error?: string; data: string };
  if (body.error) {
    return { content: [{ type: 'text', text: 'Task result data is empty' }] };
  }
  return { content: [{ type: 'text', text: body.data }] };`),
    ).toEqual(['error-content@2', 'error-content@4', 'error-content@5', 'error-content@8']);
  });

  it('an input guard before the work is a failure; the same test after the work is not judged by context', () => {
    expect(
      findingsIn(`  if (!args.query) return { content: [{ type: 'text', text: 'Please give a search query' }] };
  const hits = await (await fetch('https://x/?q=' + args.query)).json() as string[];
  if (!args.id) return { content: [{ type: 'text', text: 'Showing every record' }] };
  return { content: [{ type: 'text', text: hits.join('\\n') }] };`),
    ).toEqual(['error-content@1']);
  });

  it('the else branch of a success test is a failure branch', () => {
    expect(
      findingsIn(`  const res = await fetch('https://x');
  if (res.ok) {
    return { content: [{ type: 'text', text: await res.text() }] };
  } else {
    return { content: [{ type: 'text', text: 'The service declined the request' }] };
  }`),
    ).toEqual(['error-content@5']);
  });

  it('keeps empty successes, success words and data fallbacks in a catch as they are', () => {
    expect(
      findingsIn(`  const res = await fetch('https://x/?q=' + args.query);
  if (!res.ok) return { content: [{ type: 'text', text: 'No results found' }] };
  try {
    const items = (await res.json()) as string[];
    return { content: [{ type: 'text', text: items.join(', ') }] };
  } catch {
    const cached = globalThis.localStorage?.getItem('last') ?? '';
    if (!cached) return { content: [{ type: 'text', text: '0 items' }] };
    return { content: [{ type: 'text', text: cached }] };
  }`),
    ).toEqual([]);
  });

  it('a first sentence that says it succeeded stays a success under a failure test; one that denies it does not', () => {
    expect(
      findingsIn(`  const result = await fetch('https://x/' + args.id);
  if (!result) return { content: [{ type: 'text', text: 'Operation completed successfully (no content returned).' }] };
  return { content: [{ type: 'text', text: await result.text() }] };`),
    ).toEqual([]);
    expect(
      findingsIn(`  const result = await fetch('https://x/' + args.id);
  if (!result.ok) return { content: [{ type: 'text', text: 'The upload did not finish successfully.' }] };
  return { content: [{ type: 'text', text: await result.text() }] };`),
    ).toEqual(['error-content@2']);
  });

  it('a catch that recovers with other awaited work reports that work, and an empty result under a heading stays a success', () => {
    expect(
      findingsIn(`  try {
    await fetch('https://x/containers/' + args.id);
    return { content: [{ type: 'text', text: 'Stopped' }] };
  } catch {
    const stale = await fetch('https://x/stale/' + args.id);
    if (stale.ok) return { content: [{ type: 'text', text: 'Removed the stale container' }] };
  }
  const res = await fetch('https://x/state');
  if (!res.ok) return { content: [{ type: 'text', text: '## State\\n\\nNo state data returned.' }] };
  return { content: [{ type: 'text', text: await res.text() }] };`),
    ).toEqual([]);
  });

  it('a negated flag or a test that is not about failure does not make prose a failure', () => {
    expect(
      findingsIn(`  const verbose = args.query === 'all';
  const items = await (await fetch('https://x')).json() as string[];
  if (!verbose) return { content: [{ type: 'text', text: 'Summary only' }] };
  if (items.length > 10) return { content: [{ type: 'text', text: 'Many matches' }] };
  return { content: [{ type: 'text', text: items.join(', ') }] };`),
    ).toEqual([]);
  });

  it('a check that found the input unsafe guards a failure (`if (!check.safe)`, `if (!isSafe)`)', () => {
    expect(
      findingsIn(`  const check = { safe: !/drop/i.test(args.query), reason: 'it writes' };
  if (!check.safe) return { content: [{ type: 'text', text: \`The query was set aside: \${check.reason}\` }] };
  return { content: [{ type: 'text', text: await (await fetch('https://x/q/' + args.query)).text() }] };`),
    ).toEqual(['error-content@2']);
  });

  it('a negated check flag named by its last word (isDbHealthy, isTokenValid) guards a failure; a past state (wasConnected) does not', () => {
    expect(
      findingsIn(`  const isDbHealthy = await fetch('https://x/health').then((r) => r.ok);
  if (!isDbHealthy) return { content: [{ type: 'text', text: 'The search index is offline; searches resume shortly' }] };
  const wasConnected = await fetch('https://x/state').then((r) => r.ok);
  if (args.query) return { content: [{ type: 'text', text: wasConnected ? 'Disconnected.' : 'The session was not connected; nothing to close.' }] };
  return { content: [{ type: 'text', text: await (await fetch('https://x/q/' + args.id)).text() }] };`),
    ).toEqual(['error-content@2']);
  });

  it('a guard whose text restates the check it failed is a failure: `if (!debugger.paused) return "… is not paused"`', () => {
    expect(
      findingsIn(`  const inspector = await connect(args.id);
  if (!inspector.paused) {
    return { content: [{ type: 'text', text: 'The debugger is not paused at a breakpoint' }] };
  }
  if (!inspector.sourceMapsLoaded) return { content: [{ type: 'text', text: 'Source maps are not loaded yet; try again' }] };
  return { content: [{ type: 'text', text: await inspector.frames() }] };`),
    ).toEqual(['error-content@3', 'error-content@5']);
  });

  it('a negated check whose text does not restate it, or a positive test, stays judged by its words', () => {
    expect(
      findingsIn(`  const inspector = await connect(args.id);
  if (!inspector.paused) return { content: [{ type: 'text', text: 'Running: 3 threads' }] };
  if (inspector.paused) return { content: [{ type: 'text', text: 'Paused, not running' }] };
  if (!isThread(inspector.current)) return { content: [{ type: 'text', text: 'The current target is not a thread (a worker?)' }] };
  return { content: [{ type: 'text', text: inspector.paused ? 'Paused' : 'Not paused' }] };`),
    ).toEqual([]);
  });

  it('an input guard on a local read from the input, before the work, is a failure', () => {
    expect(
      findingsIn(`  console.info('called');
  const listId = args.query ? String(args.query) : null;
  if (!listId) {
    return { content: [{ type: 'text', text: 'No list given. Say which list to add the task to.' }] };
  }
  const local = computeDefault();
  if (!local) return { content: [{ type: 'text', text: 'Using the default list' }] };
  await fetch('https://x/' + listId);
  return { content: [{ type: 'text', text: 'Added' }] };`),
    ).toEqual(['error-content@4']);
  });

  it('a branch that asks the caller for the input it lacks is a failure; a success that mentions please is not', () => {
    expect(
      findingsIn(`  const lists = await (await fetch('https://x/lists')).json() as string[];
  if (lists.length === 1) {
    await fetch('https://x/add/' + lists[0]);
  } else if (lists.length > 1) {
    return { content: [{ type: 'text', text: \`\${lists.length} lists found for this project. Please specify a listId in your request.\` }] };
  }
  if (lists.length === 0) return { content: [{ type: 'text', text: 'Nothing to add to yet; please note that new projects start empty' }] };
  if (lists.length > 3) {
    return { content: [{ type: 'text', text: \`Several lists found. Please choose one of these:\\n\${lists.join('\\n')}\` }] };
  }
  if (lists.length > 5) {
    const choices = lists.map((list, index) => \`\${index + 1}. \${list}\`).join('\\n');
    return { content: [{ type: 'text', text: \`Several lists match:\\n\\n\` + choices + \`\\n\\nPlease specify which list by its number.\` }] };
  }
  return { content: [{ type: 'text', text: 'Added. Please review the task in the web app.' }] };`),
    ).toEqual(['error-content@5']);
  });

  it('a text that reports a failure on some paths is a failure on every path where only a failure leads (a formatter called under `if (!data.ok)`)', () => {
    const code = `${SDK}
function text(content: string) {
  return { content: [{ type: 'text' as const, text: content }] };
}
function describeFailure(data: { error?: string }): string {
  if (data.error) return \`Error: \${data.error}\`;
  return JSON.stringify(data, null, 2);
}
server.tool('a', async () => {
  const data = await (await fetch('https://x/clients')).json();
  if (!data.ok) return text(describeFailure(data));
  return text(\`\${data.clients.length} clients\`);
});
server.tool('b', async () => {
  const data = await (await fetch('https://x/clients')).json();
  if (!data.ok) return { content: [{ type: 'text', text: describeFailure(data) }] };
  return { content: [{ type: 'text', text: 'Listed' }] };
});
server.tool('d', async () => {
  const data = await (await fetch('https://x/clients')).json();
  return text(describeFailure(data));
});
server.tool('e', async () => {
  const response = await fetch('https://x/search');
  if (!response.ok) return text(response.status === 404 ? 'No matches yet' : \`Error: \${response.status}\`);
  return text(await response.text());
});
`;
    const output = rewritten(code);
    expect(output).toContain('if (!data.ok) return errorTextResult(describeFailure(data));');
    expect(output).toContain("if (!data.ok) return errorTextResult(describeFailure(data));\n  return successResult('Listed');");
    // Outside the failure branch the formatter's value is still a failure on some paths only: left for review.
    expect(output).toContain('  return text(describeFailure(data));\n});');
    const findings = summary(code).filter((finding) => !finding.startsWith('hand-built-result'));
    // A path that says in so many words that nothing failed keeps the text a failure on some paths only.
    expect(output).toContain("if (!response.ok) return text(response.status === 404 ? 'No matches yet' : `Error: ${response.status}`);");
    expect(findings.filter((finding) => finding.startsWith('error-')).map((finding) => finding.split(':')[0])).toEqual(['error-content@13', 'error-content@18', 'error-content@23', 'error-content@27']);
  });

  it('a payload with no error field given to a success builder in a catch is a failure when its own words report one', () => {
    const code = `${SDK}
function successResponse(data: unknown) {
  return { content: [{ type: 'text' as const, text: typeof data === 'string' ? data : JSON.stringify(data) }] };
}
server.tool('search', async (args: { query: string }) => {
  let found: unknown;
  try {
    found = await (await fetch('https://x/search?q=' + args.query)).json();
  } catch (error) {
    if ((error as { status?: number }).status === 403) {
      return successResponse({ status: 'unavailable', result: \`Search is not available for \${args.query}. Do not retry.\` });
    }
    throw error;
  }
  return successResponse({ status: 'cached', note: 'Live search is not available offline, showing cached results', found });
});
`;
    const findings = summary(code).filter((finding) => finding.startsWith('error-'));
    expect(findings).toEqual(['error-content@13:14[search]']);
  });

  it('the same payload given to a helper that serialises any value (a transport-like helper) is reported at the call, for review', () => {
    const code = `${SDK}
export const successResponse = (data: any) => {
  const text = data === undefined ? 'undefined' : typeof data === 'string' ? data : JSON.stringify(data);
  return { content: [{ type: 'text' as const, text }] };
};
server.tool('search', async (args: { query: string }) => {
  let found: unknown;
  try {
    found = await (await fetch('https://x/search?q=' + args.query)).json();
  } catch (error: any) {
    if (error?.response?.status === 403) {
      return successResponse({ status: 'unavailable', result: \`Search is not available for \${args.query}. Do not retry.\` });
    }
    throw error;
  }
  return successResponse({ status: 'done', found });
});
`;
    const findings = analyzeText(code).findings.filter((finding) => finding.kind === 'error-content');
    expect(findings.map((finding) => [finding.line, finding.rewrite, finding.reviewReason])).toEqual([[14, null, 'successResponse sends this failure as a success; return errorResult(message, data) instead']]);
  });

  it('an error builder given the caught error is the failure site; a fallback given it that answers from elsewhere is not', () => {
    const code = `${SDK}
const cache = new Map<string, string>();
function normalize(value: unknown): { message: string } {
  return { message: value instanceof Error ? value.message : String(value) };
}
function toolFailure(error: unknown) {
  const { message } = normalize(error);
  return { content: [{ type: 'text' as const, text: message }], meta: { failed: true } };
}
function stopped(problem: unknown) {
  const words = normalize(problem).message;
  return { content: [{ type: 'text' as const, text: words }], meta: { stopped: true } };
}
function fromCache(reason: unknown) {
  const text = cache.get(String(Date.now() % 2)) ?? '';
  console.error(reason);
  return { content: [{ type: 'text' as const, text }], meta: { cached: true } };
}
server.tool('a', async (args: { id: string }) => {
  try {
    return { content: [{ type: 'text' as const, text: await (await fetch('https://x/' + args.id)).text() }] };
  } catch (error) {
    return toolFailure(error);
  }
});
server.tool('b', async (args: { id: string }) => {
  try {
    return { content: [{ type: 'text' as const, text: await (await fetch('https://x/' + args.id)).text() }] };
  } catch (error) {
    return stopped(error);
  }
});
server.tool('c', async (args: { id: string }) => {
  try {
    return { content: [{ type: 'text' as const, text: await (await fetch('https://x/' + args.id)).text() }] };
  } catch (error) {
    return fromCache(error);
  }
});
`;
    const output = rewritten(code);
    // Named for a failure, and writing the error it is given: both are error builders.
    expect(output).toContain("return { content: [{ type: 'text' as const, text: message }], meta: { failed: true }, isError: true };");
    expect(output).toContain("return { content: [{ type: 'text' as const, text: words }], meta: { stopped: true }, isError: true };");
    // A fallback that answers from elsewhere keeps its answer as a success.
    expect(output).toContain("return { content: [{ type: 'text' as const, text }], meta: { cached: true } };");
    expect(summary(code).filter((finding) => finding.startsWith('error-')).map((finding) => finding.split(':')[0])).toEqual(['error-content@10', 'error-content@14']);
  });

  it('a text builder named for failures, without isError, is the site itself: isError is added there once, its calls stay', () => {
    const code = `${SDK}
class BaseTool {
  protected createErrorResponse(message: string) {
    return { content: [{ type: 'text' as const, text: message }] };
  }
  protected createSuccessResponse(text: string) {
    return { content: [{ type: 'text' as const, text }] };
  }
}
class CatalogTool extends BaseTool {
  async run(args: { id: string }) {
    const response = await fetch('https://x/' + args.id);
    if (!response.ok) return this.createErrorResponse(\`Failed to fetch catalog: \${response.status}\`);
    return this.createSuccessResponse(await response.text());
  }
}
const tool = new CatalogTool();
server.tool('catalog', async (args: { id: string }) => tool.run(args));
function formatValidationErrors(found: string[]) {
  return { content: [{ type: 'text' as const, text: found.join('\\n') }] };
}
server.tool('validate', async (args: { config: string }) => formatValidationErrors(args.config.split(',')));
`;
    const output = rewritten(code);
    // A builder that answers with a list of findings is not named for failures: judged by its calls.
    expect(output).toContain("return successResult(found.join('\\n'));");
    expect(output).toContain("    return { content: [{ type: 'text' as const, text: message }], isError: true };");
    expect(output).toContain('if (!response.ok) return this.createErrorResponse(`Failed to fetch catalog: ${response.status}`);');
    expect(summary(code).filter((finding) => finding.startsWith('error-')).map((finding) => finding.split(':')[0])).toEqual(['error-content@6']);
  });

  it('rewrites a failure found by context with the same words and isError', () => {
    const code = `${SDK}server.tool('t', async () => {
  const token = process.env.API_TOKEN;
  if (!token) return { content: [{ type: 'text', text: 'Authentication required' }] };
  return { content: [{ type: 'text', text: 'ok' }] };
});
`;
    expect(rewritten(code)).toContain("if (!token) return errorTextResult('Authentication required');");
  });
});
