import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { migrateSourceFile } from '../../transforms/index.js';

const tool = (body: string, members = '') => `import { MCPTool } from 'mcp-framework';
import { z } from 'zod';

class NotesTool extends MCPTool<{ id: string }> {
  name = 'notes';
  description = 'Notes';
  schema = { id: { type: z.string(), description: 'Note id' } };${members}

  async execute({ id }: { id: string }) {
${body}
  }
}

export default NotesTool;
`;

function migrate(text: string, mcpFrameworkVersion?: string) {
  const sourceFile = ts.createSourceFile('/case/notes.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return migrateSourceFile(sourceFile, { handlerOptions: mcpFrameworkVersion ? { mcpFrameworkVersion } : {} });
}

describe('mcp-framework sites in the framework\'s own terms', () => {
  it('throws a JSON error payload with its JSON as the message: the same text, so not listed as text the model reads differently', () => {
    const result = migrate(tool("    if (!id) return JSON.stringify({ error: 'no id' });\n    return [{ type: 'text', text: id }];"), '0.2.19');
    expect(result.text).toContain("if (!id) throw new Error(JSON.stringify({ error: 'no id' }));");
    expect(result.changes).toHaveLength(1);
    expect(result.changes[0].changesText).toBeUndefined();
    expect(result.changes[0].helpers).toEqual([]);
  });

  it('adds no import: nothing of the kit is called', () => {
    const result = migrate(tool('    return `Note ${id}`;'), '0.2.15');
    expect(result.text).toContain("return [{ type: 'text', text: `Note ${id}` }];");
    expect(result.text).not.toContain('mcp-result-kit');
  });

  it('names the release and the way out when a failure cannot be thrown: before 0.2.8 no hook is known', () => {
    const result = migrate(tool("    if (!id) return 'Error: no id';\n    return [{ type: 'text', text: id }];"), '0.2.7');
    expect(result.text).toContain("if (!id) return 'Error: no id';");
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'review',
        kind: 'error-string',
        line: 10,
        message: expect.stringContaining('mcp-framework 0.2.7 sends a thrown Error as a content item of type "error", which MCP clients reject'),
      }),
    ]);
    expect(result.diagnostics[0].message).toContain('from 0.2.19 on a thrown Error becomes an isError result with its message as the text: upgrade mcp-framework, then migrate');
  });

  it('throws a failure before 0.2.19 and gives the tool class, once, the createErrorResponse that sends a thrown Error as an isError result', () => {
    const result = migrate(tool("    if (!id) return 'Error: no id';\n    if (id.length > 9) return `Error: ${id} is too long`;\n    return [{ type: 'text', text: id }];"), '0.2.15');
    expect(result.text).toContain("if (!id) throw new Error('Error: no id');");
    expect(result.text).toContain('if (id.length > 9) throw new Error(`Error: ${id} is too long`);');
    expect(result.text.match(/createErrorResponse/g)).toHaveLength(1);
    expect(result.text).toContain(`    return [{ type: 'text', text: id }];
  }

  // mcp-framework before 0.2.19 sends a thrown Error as a content item of type "error", which clients reject: send it as 0.2.19 does.
  protected createErrorResponse(error: Error) {
    return { content: [{ type: 'text' as const, text: error.message }], isError: true };
  }
}`);
    expect(result.changes.filter((change) => change.kind === 'error-string')).toHaveLength(2);
    expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'review')).toEqual([]);
    expect(migrate(result.text, '0.2.15').text).toBe(result.text);
  });

  it('keeps the class\'s override modifier style and the file\'s quotes', () => {
    const text = tool('    if (!id) return "Error: no id";\n    return [{ type: "text", text: id }];')
      .replace("import { MCPTool } from 'mcp-framework';", 'import { MCPTool } from "mcp-framework";')
      .replace('  async execute(', '  override async execute(');
    const result = migrate(text, '0.2.13');
    expect(result.text).toContain('  protected override createErrorResponse(error: Error) {\n    return { content: [{ type: "text" as const, text: error.message }], isError: true };\n  }');
  });

  it('writes the override without types in a JavaScript tool', () => {
    const text = `import { MCPTool } from 'mcp-framework';

export default class NotesTool extends MCPTool {
  name = 'notes';
  description = 'Notes';
  schema = {};

  async execute({ id }) {
    if (!id) return 'Error: no id';
    return [{ type: 'text', text: id }];
  }
}
`;
    const sourceFile = ts.createSourceFile('/case/notes.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
    const result = migrateSourceFile(sourceFile, { handlerOptions: { mcpFrameworkVersion: '0.2.15' } });
    expect(result.text).toContain("if (!id) throw new Error('Error: no id');");
    expect(result.text).toContain("  createErrorResponse(error) {\n    return { content: [{ type: 'text', text: error.message }], isError: true };\n  }\n}");
  });

  it('leaves failures for review in a class whose own createErrorResponse does not set isError, naming it', () => {
    const members = "\n\n  protected createErrorResponse(error: Error) {\n    return { content: [{ type: 'text' as const, text: `Failed: ${error.message}` }] };\n  }";
    const result = migrate(tool("    if (!id) return 'Error: no id';\n    return [{ type: 'text', text: id }];", members), '0.2.15');
    expect(result.text).toContain("if (!id) return 'Error: no id';");
    expect(result.diagnostics).toEqual([expect.objectContaining({ kind: 'error-string', message: expect.stringContaining('its own createErrorResponse') })]);
  });

  it('adds no second override where the class already sends thrown Errors as isError results', () => {
    const members = "\n\n  protected createErrorResponse(error: Error) {\n    return { content: [{ type: 'text' as const, text: error.message }], isError: true };\n  }";
    const result = migrate(tool("    if (!id) return 'Error: no id';\n    return [{ type: 'text', text: id }];", members), '0.2.15');
    expect(result.text).toContain("if (!id) throw new Error('Error: no id');");
    expect(result.text.match(/createErrorResponse/g)).toHaveLength(1);
  });

  it('gives a class that returns a plain object before 0.2.20 the createSuccessResponse that also sends it as structuredContent; once, beside the error override; then nothing is left to find', () => {
    const body = "    if (!id) return 'Error: no id';\n    const note = { id, words: 3 };\n    return note;";
    const result = migrate(tool(body), '0.2.15');
    expect(result.text).toContain(`  // mcp-framework before 0.2.20 sends a returned object as JSON text only: send it as structuredContent too.
  protected createSuccessResponse(data: unknown) {
    const response = super.createSuccessResponse(data);
    const isObject = typeof data === 'object' && data !== null && !Array.isArray(data);
    return isObject && response.content[0]?.type === 'text' ? { ...response, structuredContent: data } : response;
  }`);
    expect(result.text.match(/protected createSuccessResponse/g)).toHaveLength(1);
    expect(result.text.match(/createErrorResponse/g)).toHaveLength(1);
    expect(result.changes.map((change) => change.kind).sort()).toEqual(['bare-object', 'error-string']);
    const again = migrate(result.text, '0.2.15');
    expect(again.text).toBe(result.text);
    expect([...again.changes, ...again.diagnostics]).toEqual([]);
  });

  it('leaves a plain object for an outputSchemaShape from 0.2.20, which the framework itself reads', () => {
    const result = migrate(tool('    return { id, words: 3 };'), '0.2.20');
    expect(result.text).not.toContain('createSuccessResponse');
    expect(result.diagnostics).toEqual([expect.objectContaining({ kind: 'bare-object', message: expect.stringContaining('declare an outputSchemaShape') })]);
  });

  it('names the try whose catch would change a thrown failure', () => {
    // The catch hands back data (the id), not prose: no failure by context there.
    const result = migrate(tool("    try {\n      if (!id) return 'Error: no id';\n      return [{ type: 'text', text: id }];\n    } catch {\n      return [{ type: 'text', text: id }];\n    }"), '0.2.22');
    expect(result.diagnostics).toEqual([expect.objectContaining({ kind: 'error-string', message: expect.stringContaining('a throw here would be caught by the try at line 10 first') })]);
  });

  it('keeps a one-branch failure of ?: for review, and rewrites the text branch', () => {
    const result = migrate(tool("    return id ? `Note ${id}` : 'Error: no id';"), '0.2.22');
    expect(result.text).toContain("return id ? [{ type: 'text', text: `Note ${id}` }] : 'Error: no id';");
    expect(result.diagnostics).toEqual([expect.objectContaining({ kind: 'error-string', message: expect.stringContaining('one branch of an expression') })]);
  });

  it('leaves JSON text of a variable in a tool with an outputSchemaShape for review: only a returned object gets structuredContent', () => {
    const result = migrate(tool('    const data = { id };\n    return JSON.stringify(data);', "\n  protected outputSchemaShape = z.object({ id: z.string() });"), '0.2.20');
    expect(result.changes).toEqual([]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ kind: 'json-stringify', message: expect.stringContaining('clients expect structuredContent') })]);
  });
});

describe('mcp-framework data from a function that declares it returns data', () => {
  const declared = (members: string) =>
    tool('    return await lookupNote(id);', members).replace(
      "class NotesTool",
      "interface Note { id: string; title: string }\nasync function lookupNote(id: string): Promise<Note> {\n  const response = await fetch(`https://notes.example/${id}`);\n  return (await response.json()) as Note;\n}\n\nclass NotesTool",
    );

  it('is no site in a tool with an outputSchemaShape: the framework sends it as structuredContent too (0.2.20 and later)', () => {
    const result = migrate(declared("\n  protected outputSchemaShape = z.object({ id: z.string(), title: z.string() });"), '0.2.22');
    expect(result.changes).toEqual([]);
    expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'review')).toEqual([]);
  });

  it('is a bare-object site in a tool without one, named as mcp-framework delivers it', () => {
    const result = migrate(declared(''), '0.2.22');
    expect([...result.changes, ...result.diagnostics].some((entry) => entry.kind === 'bare-object')).toBe(true);
  });
});

describe('mcp-framework sites whose execute must fit a declared type', () => {
  it('leaves them for review when a base class in the file declares execute to return a string', () => {
    const text = `import { MCPTool } from 'mcp-framework';

abstract class TextTool<T extends Record<string, unknown>> extends MCPTool<T> {
  protected abstract execute(input: T): Promise<string>;
}

class NotesTool extends TextTool<{ id: string }> {
  name = 'notes';
  description = 'Notes';
  schema = {};

  async execute({ id }: { id: string }) {
    return \`Note \${id}\`;
  }
}

export default NotesTool;
`;
    const result = migrateSourceFile(ts.createSourceFile('/case/notes.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS), { handlerOptions: { mcpFrameworkVersion: '0.2.22' } });
    expect(result.text).toBe(text);
    expect(result.diagnostics).toEqual([expect.objectContaining({ kind: 'string', message: expect.stringContaining('execute is declared to return Promise<string>') })]);
  });
});
