// The value-flow layer seen through the rules: JSON text and error text are judged by what reaches
// the result (variables assigned in branches, content arrays built with map, text that says it
// failed), and intermediate or conditional shapes that end as proper results are left alone.
import noBareObjectResult from '../../rules/no-bare-object-result.js';
import noJsonStringifyResult from '../../rules/no-json-stringify-result.js';
import requireIsError from '../../rules/require-is-error.js';
import validStructuredContent from '../../rules/valid-structured-content.js';
import { createRuleTester, SDK_IMPORTS } from './rule-tester.js';

const ruleTester = createRuleTester();

/** SDK_IMPORTS with the import a suggestion adds after the last import. */
const withImport = (names: string, body: string): string => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ${names} } from 'mcp-result-kit';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
${body}`;

const branchAssigned = (first: string, second: string, declared = 'string'): string => `declare const store: { get(id: string): Promise<object | undefined>; all(): Promise<object[]> };
server.tool('get', { id: z.string() }, async ({ id }) => {
  let text: ${declared};
  if (id === 'all') {
    text = ${first};
  } else {
    text = ${second};
  }
  return text;
});`;

const scoreTool = (spread: string): string => `declare function lookup(id: string): Promise<{ id: string; score: number } | undefined>;
server.registerTool('score', { inputSchema: { id: z.string() }, outputSchema: { id: z.string(), score: z.number() } }, async ({ id }) => {
  const found = await lookup(id);
  return {
    content: [{ type: 'text', text: found ? \`\${id}: \${found.score}\` : \`No score for \${id} yet\` }],${spread}
  };
});`;

const definitions = (execute: string, result: string): string => `interface Output { textContent: string; structuredContent: Record<string, unknown> }
interface Definition { name: string; outputSchema: z.ZodRawShape; execute: (args: Record<string, unknown>) => Promise<Output | Record<string, unknown>> }
const definitions: Definition[] = [
  {
    name: 'weather',
    outputSchema: { celsius: z.number() },
    execute: async (args) => ${execute},
  },
];
for (const definition of definitions) {
  server.registerTool(definition.name, { outputSchema: definition.outputSchema }, async (args: Record<string, unknown>) => {
    const output = await definition.execute(args) as Output;
    return ${result};
  });
}`;

ruleTester.run('no-json-stringify-result (value flow)', noJsonStringifyResult, {
  valid: [
    // One prose line per item is a proper result, however the array is built.
    `${SDK_IMPORTS}declare const rows: { id: string; name: string }[];
server.tool('names', async () => ({ content: rows.map((row) => ({ type: 'text' as const, text: \`\${row.id} \${row.name}\` })) }));`,
    // Intermediate shapes: execute returns { textContent, structuredContent } and the
    // registration wrapper turns it into a result with text and structured data.
    `${SDK_IMPORTS}${definitions(`({ textContent: JSON.stringify({ celsius: 21, city: args.city }), structuredContent: { celsius: 21 } })`, `{ content: [{ type: 'text' as const, text: output.textContent }], structuredContent: output.structuredContent }`)}`,
  ],
  invalid: [
    {
      name: 'JSON text assigned in both branches of an if reaches the return through a variable',
      code: `${SDK_IMPORTS}${branchAssigned('JSON.stringify(await store.all())', 'JSON.stringify(await store.get(id))')}`,
      errors: [
        {
          messageId: 'jsonStringifyResult',
          line: 8,
          column: 12,
          endLine: 8,
          endColumn: 45,
          suggestions: [
            { messageId: 'useJsonResult', output: withImport('jsonResult, type ToolResult', branchAssigned('jsonResult(await store.all(), { indent: 0 })', 'JSON.stringify(await store.get(id))', 'string | ToolResult')) },
          ],
        },
        {
          messageId: 'jsonStringifyResult',
          line: 10,
          column: 12,
          endLine: 10,
          endColumn: 47,
          suggestions: [
            { messageId: 'useJsonResult', output: withImport('jsonResult, type ToolResult', branchAssigned('JSON.stringify(await store.all())', 'jsonResult(await store.get(id), { indent: 0 })', 'string | ToolResult')) },
          ],
        },
      ],
    },
    {
      name: 'a content array built with map, each item JSON text: reported on the result, for review (no suggestion)',
      code: `${SDK_IMPORTS}declare const rows: { id: string; name: string }[];
server.tool('rows', async () => ({
  content: rows.map((row) => ({ type: 'text' as const, text: JSON.stringify(row) })),
}));`,
      errors: [{ messageId: 'jsonTextContent', line: 5, column: 34, endLine: 7, endColumn: 2, suggestions: [] }],
    },
    {
      name: 'the same registration wrapper, when it stringifies whatever execute returns, is a transport wrapper',
      code: `${SDK_IMPORTS}${definitions(`({ celsius: 21, city: args.city })`, `{ content: [{ type: 'text' as const, text: JSON.stringify(output) }] }`)}`,
      errors: [
        {
          messageId: 'transportWrapper',
          line: 16,
          column: 12,
          endLine: 16,
          endColumn: 82,
          // Compact JSON of the tool's own value: the same text for data, and a result passes through.
          suggestions: [
            {
              messageId: 'useToCallToolResult',
              output: withImport('isCallToolResult, jsonResult', definitions(`({ celsius: 21, city: args.city })`, `isCallToolResult(output) ? output : jsonResult(output, { indent: 0 })`)),
            },
          ],
        },
      ],
    },
  ],
});

ruleTester.run('require-is-error (errors by meaning)', requireIsError, {
  valid: [
    // Empty successes stay successes.
    `${SDK_IMPORTS}declare const index: { search(q: string): Promise<string[]> };
server.tool('search', { q: z.string() }, async ({ q }) => {
  const hits = await index.search(q);
  if (hits.length === 0) return { content: [{ type: 'text', text: 'No results found' }] };
  return { content: [{ type: 'text', text: hits.join('\\n') }] };
});`,
    `${SDK_IMPORTS}server.tool('queue', async () => ({ content: [{ type: 'text', text: '0 items' }] }));`,
    // A note about how the answer was made is not a failure.
    `${SDK_IMPORTS}server.tool('rates', async () => ({ content: [{ type: 'text', text: 'Note: live rates are not available, using yesterday\\'s close' }] }));`,
    // The team's own failure word is only a failure when the option says so.
    `${SDK_IMPORTS}server.tool('print', async () => ({ content: [{ type: 'text', text: 'Drucker kaputt' }] }));`,
  ],
  invalid: [
    {
      name: '"… not found" in a text item, without an Error: prefix',
      code: `${SDK_IMPORTS}declare const users: Map<string, string>;
server.tool('user', { id: z.string() }, async ({ id }) => {
  const name = users.get(id);
  if (!name) return { content: [{ type: 'text', text: \`User \${id} not found\` }] };
  return { content: [{ type: 'text', text: name }] };
});`,
      errors: [
        {
          messageId: 'errorContent',
          line: 7,
          column: 21,
          endLine: 7,
          endColumn: 82,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: withImport('errorTextResult', `declare const users: Map<string, string>;
server.tool('user', { id: z.string() }, async ({ id }) => {
  const name = users.get(id);
  if (!name) return errorTextResult(\`User \${id} not found\`);
  return { content: [{ type: 'text', text: name }] };
});`),
            },
          ],
        },
      ],
    },
    {
      name: '"Could not find …" returned as a string',
      code: `${SDK_IMPORTS}declare const users: Map<string, string>;
server.tool('rename', { id: z.string() }, async ({ id }) => {
  if (!users.has(id)) return \`Could not find user \${id}\`;
  return { content: [{ type: 'text', text: \`Renamed \${id}\` }] };
});`,
      errors: [
        {
          messageId: 'errorString',
          line: 6,
          column: 30,
          endLine: 6,
          endColumn: 57,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: withImport('errorTextResult', `declare const users: Map<string, string>;
server.tool('rename', { id: z.string() }, async ({ id }) => {
  if (!users.has(id)) return errorTextResult(\`Could not find user \${id}\`);
  return { content: [{ type: 'text', text: \`Renamed \${id}\` }] };
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'a failure in German',
      code: `${SDK_IMPORTS}server.tool('loeschen', { id: z.string() }, async ({ id }) => ({ content: [{ type: 'text', text: \`Fehler: Benutzer \${id} nicht gefunden\` }] }));`,
      errors: [
        {
          messageId: 'errorContent',
          line: 4,
          column: 64,
          endLine: 4,
          endColumn: 142,
          suggestions: [{ messageId: 'useErrorResult', output: withImport('errorTextResult', `server.tool('loeschen', { id: z.string() }, async ({ id }) => errorTextResult(\`Fehler: Benutzer \${id} nicht gefunden\`));`) }],
        },
      ],
    },
    {
      name: 'error: true written instead of isError: true',
      code: `${SDK_IMPORTS}server.tool('ping', { host: z.string() }, async ({ host }) => {
  try {
    return { content: [{ type: 'text', text: await fetch(host).then((r) => r.text()) }] };
  } catch (error) {
    return { content: [{ type: 'text', text: \`Ping \${host}: \${String(error)}\` }], error: true };
  }
});`,
      errors: [
        {
          messageId: 'errorContent',
          line: 8,
          column: 12,
          endLine: 8,
          endColumn: 96,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: `${SDK_IMPORTS}server.tool('ping', { host: z.string() }, async ({ host }) => {
  try {
    return { content: [{ type: 'text', text: await fetch(host).then((r) => r.text()) }] };
  } catch (error) {
    return { content: [{ type: 'text', text: \`Ping \${host}: \${String(error)}\` }], isError: true };
  }
});`,
            },
          ],
        },
      ],
    },
    {
      name: 'errorPatterns teaches the team\'s own failure word',
      code: `${SDK_IMPORTS}server.tool('print', async () => ({ content: [{ type: 'text', text: 'Drucker kaputt' }] }));`,
      options: [{ errorPatterns: ['kaputt'] }],
      errors: [
        {
          messageId: 'errorContent',
          line: 4,
          column: 35,
          endLine: 4,
          endColumn: 90,
          suggestions: [{ messageId: 'useErrorResult', output: withImport('errorTextResult', `server.tool('print', async () => errorTextResult('Drucker kaputt'));`) }],
        },
      ],
    },
  ],
});

ruleTester.run('valid-structured-content (conditional spreads)', validStructuredContent, {
  valid: [
    // The spread sets structuredContent whenever there is data: not a missing structuredContent.
    `${SDK_IMPORTS}${scoreTool(`\n    ...(found ? { structuredContent: found } : {}),`)}`,
    // The intermediate { textContent, structuredContent } that the wrapper turns into text plus data.
    `${SDK_IMPORTS}${definitions(`({ textContent: 'It is 21°C', structuredContent: { celsius: 21 } })`, `{ content: [{ type: 'text' as const, text: output.textContent }], structuredContent: output.structuredContent }`)}`,
  ],
  invalid: [
    {
      name: 'without the spread the same result misses the structuredContent its outputSchema asks for',
      code: `${SDK_IMPORTS}${scoreTool('')}`,
      errors: [{ messageId: 'missingForOutputSchema', line: 7, column: 10, endLine: 9, endColumn: 4 }],
    },
    {
      name: 'a handler that returns the intermediate shape itself: no wrapper turns textContent into a text item',
      code: `${SDK_IMPORTS}server.tool('weather', async () => {
  const output = { textContent: 'It is 21°C', structuredContent: { celsius: 21 } };
  return output;
});`,
      errors: [{ messageId: 'withoutText', line: 5, column: 18, endLine: 5, endColumn: 83 }],
    },
  ],
});

ruleTester.run('no-bare-object-result (intermediate shapes)', noBareObjectResult, {
  valid: [
    `${SDK_IMPORTS}${definitions(`({ textContent: 'It is 21°C', structuredContent: { celsius: 21 } })`, `{ content: [{ type: 'text' as const, text: output.textContent }], structuredContent: output.structuredContent }`)}`,
  ],
  invalid: [],
});
