import { Project, ts as tsMorphTs } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { assertCompatibleTypeScript, migrateTsMorphSourceFile } from '../../transforms/index.js';

describe('ts-morph adapter', () => {
  it('runs on the TypeScript version the analyzer is built with', () => {
    expect(() => assertCompatibleTypeScript(tsMorphTs.version)).not.toThrow();
    expect(() => assertCompatibleTypeScript('4.9.5')).toThrow(/install matching versions/);
  });

  it('migrates a SourceFile of an existing project and applies the text once', () => {
    const project = new Project({ useInMemoryFileSystem: true });
    const sourceFile = project.createSourceFile(
      '/src/server.ts',
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('ping', async () => 'pong');
`,
    );
    const result = migrateTsMorphSourceFile(sourceFile);
    expect(result.changes.map((change) => change.kind)).toEqual(['string']);
    expect(sourceFile.getFullText()).toBe(`import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { successResult } from 'mcp-result-kit';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('ping', async () => successResult('pong'));
`);
    // The project sees the new text: a second run has nothing to do.
    expect(migrateTsMorphSourceFile(sourceFile).changed).toBe(false);
  });
});
