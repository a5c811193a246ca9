// mcp-framework's tools, before and after `migrate`, served by the real framework and called
// through the SDK Client: at 0.2.15 (what surveyed servers lock) and 0.2.22 (thrown Errors as
// isError results from 0.2.19, outputSchemaShape from 0.2.20). The release each migration follows
// is read from the copy installed in the project, as `migrate` does on a user's server.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearFrameworkVersionCache } from '../../src/analyze/index.js';
import { migrateSourceFile, type Diagnostic } from '../../transforms/index.js';
import { cleanupProjects, npmInstall, ROOT, tempProject } from './npm-project.js';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

const FIXTURE = path.join(ROOT, 'fixtures/frameworks/mcp-framework');
const TOOL_FILES = readdirSync(path.join(FIXTURE, 'tools')).filter((file) => file.endsWith('.ts')).sort();

/** One call's outcome: the result, or the Client's rejection. */
type Outcome = { result: { content: Array<{ type: string; text?: string }>; isError?: boolean; structuredContent?: unknown } } | { rejected: string };

const CALLS: Record<string, Record<string, unknown>> = {
  read_note: { id: 'n1' },
  read_note_missing: { id: 'n9' },
  list_notes: { folder: 'work' },
  list_notes_empty: { folder: 'none' },
  count_notes: { folder: 'work' },
  folder_summary: { folder: 'home' },
  sync_notes: { remote: 'origin' },
};

function compile(from: string, to: string, text: string): void {
  const output = ts.transpileModule(text, { fileName: from, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, useDefineForClassFields: true } });
  writeFileSync(to, output.outputText);
}

interface Served {
  outcomes: Record<string, Outcome>;
  reviews: Diagnostic[];
  migrated: Record<string, string>;
  /** The TypeScript sources served (compiled without checking), kept in the project to type-check. */
  sources: string[];
}

/** TypeScript's errors for `files`, checked strictly against the packages installed in their project. */
function typeErrors(files: string[]): string[] {
  const options: ts.CompilerOptions = { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, types: [] };
  const program = ts.createProgram(files, options);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file ? `${path.basename(diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}: ` : '';
    return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  });
}

/** Builds `variant` (the fixture as it is, or migrated in the project) and calls every tool. */
async function serve(project: string, variant: 'before' | 'after'): Promise<Served> {
  const root = path.join(project, variant);
  const sourceRoot = path.join(project, `${variant}-src`);
  mkdirSync(path.join(root, 'tools'), { recursive: true });
  mkdirSync(path.join(sourceRoot, 'tools'), { recursive: true });
  const notes = readFileSync(path.join(FIXTURE, 'notes.ts'), 'utf8');
  compile('notes.ts', path.join(root, 'notes.js'), notes);
  writeFileSync(path.join(sourceRoot, 'notes.ts'), notes);
  const sources: string[] = [];
  const reviews: Diagnostic[] = [];
  const migrated: Record<string, string> = {};
  for (const file of TOOL_FILES) {
    let text = readFileSync(path.join(FIXTURE, 'tools', file), 'utf8');
    if (variant === 'after') {
      // Migrated where it lives in the project, so the release comes from node_modules/mcp-framework.
      const fileName = path.join(root, 'tools', file);
      const result = migrateSourceFile(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS), {});
      reviews.push(...result.diagnostics.filter((diagnostic) => diagnostic.severity === 'review'));
      text = result.text;
      migrated[file] = text;
    }
    compile(file, path.join(root, 'tools', file.replace(/\.ts$/, '.js')), text);
    sources.push(path.join(sourceRoot, 'tools', file));
    writeFileSync(sources[sources.length - 1], text);
  }
  const server = path.join(root, 'server.js');
  writeFileSync(server, `import { MCPServer } from 'mcp-framework';\nawait new MCPServer({ name: 'notes', version: '1.0.0', basePath: ${JSON.stringify(root)} }).start();\n`);
  const client = new Client({ name: 'mcp-framework-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [server], cwd: project, stderr: 'ignore' }));
  const outcomes: Record<string, Outcome> = {};
  try {
    await client.listTools();
    for (const [call, args] of Object.entries(CALLS)) {
      const name = call.replace(/_(missing|empty)$/, '');
      try {
        outcomes[call] = { result: (await client.callTool({ name, arguments: args })) as Extract<Outcome, { result: unknown }>['result'] };
      } catch (error) {
        outcomes[call] = { rejected: (error as Error).message };
      }
    }
  } finally {
    await client.close();
  }
  return { outcomes, reviews, migrated, sources };
}

const textOf = (outcome: Outcome): string => {
  if (!('result' in outcome)) throw new Error(`the call was rejected: ${outcome.rejected}`);
  expect(outcome.result.content).toHaveLength(1);
  return outcome.result.content[0].text!;
};

describe.each([
  ['0.2.15', '1.12.1'],
  ['0.2.22', '1.29.0'],
])('mcp-framework %s, through the SDK Client', (release, sdk) => {
  let before: Served;
  let after: Served;

  beforeAll(async () => {
    const project = tempProject(`mcp-framework-${release}`, { type: 'module' });
    npmInstall(project, [`mcp-framework@${release}`, `@modelcontextprotocol/sdk@${sdk}`, 'zod@3']);
    clearFrameworkVersionCache();
    before = await serve(project, 'before');
    after = await serve(project, 'after');
  });
  afterAll(cleanupProjects);

  it('a string: JSON-encoded (quoted, line break escaped) before; the same text once after', () => {
    const old = textOf(before.outcomes.read_note);
    expect(old).toBe(JSON.stringify('Standup\nShip the "beta"\nthen rest'));
    expect(textOf(after.outcomes.read_note)).toBe(JSON.parse(old));
  });

  it('a { content } literal: the whole literal as JSON text before; its own text after', () => {
    const old = textOf(before.outcomes.list_notes);
    const literal = JSON.parse(old) as { content: Array<{ text: string }> };
    expect(textOf(after.outcomes.list_notes)).toBe(literal.content[0].text);
    expect(JSON.parse(textOf(after.outcomes.list_notes))).toHaveLength(2);
  });

  it('a plain object: JSON text once, before and after; before 0.2.20 it gains structuredContent through the class\'s createSuccessResponse, from 0.2.20 it is left for an outputSchemaShape', () => {
    expect(textOf(after.outcomes.folder_summary)).toBe(textOf(before.outcomes.folder_summary));
    expect(JSON.parse(textOf(after.outcomes.folder_summary))).toEqual({ folder: 'home', titles: ['Groceries'] });
    expect('result' in before.outcomes.folder_summary && before.outcomes.folder_summary.result.structuredContent).toBeFalsy();
    if (release === '0.2.15') {
      expect('result' in after.outcomes.folder_summary && after.outcomes.folder_summary.result.structuredContent).toEqual({ folder: 'home', titles: ['Groceries'] });
      expect(after.reviews.filter((review) => review.kind === 'bare-object')).toEqual([]);
      expect(after.migrated['FolderSummaryTool.ts']).toContain('protected createSuccessResponse(data: unknown) {');
    } else {
      expect(after.outcomes.folder_summary).toEqual(before.outcomes.folder_summary);
      expect(after.reviews.some((review) => review.kind === 'bare-object')).toBe(true);
    }
  });

  it('failure text: JSON-encoded, without isError, before; the same text as an isError result after (thrown)', () => {
    for (const call of ['read_note_missing', 'list_notes_empty']) {
      const old = textOf(before.outcomes[call]);
      const now = after.outcomes[call];
      expect('result' in now && now.result.isError).toBe(true);
      const decoded = JSON.parse(old) as string | { content: Array<{ text: string }> };
      expect(textOf(now)).toBe(typeof decoded === 'string' ? decoded : decoded.content[0].text);
    }
    expect(textOf(after.outcomes.read_note_missing)).toBe('Note n9 not found');
    expect(after.migrated['ReadNoteTool.ts']).toContain('throw new Error(`Note ${id} not found`);');
    expect(after.reviews.filter((review) => review.kind.startsWith('error-'))).toEqual([]);
  });

  it('the migrated tools type-check against the release\'s own types, as the originals do', () => {
    expect(typeErrors(before.sources)).toEqual([]);
    expect(typeErrors(after.sources)).toEqual([]);
  });

  if (release === '0.2.15') {
    it('a thrown Error is a content item of type "error", which the SDK Client rejects; the tools with failures gain the createErrorResponse 0.2.19 has', () => {
      expect(before.outcomes.sync_notes).toEqual({ rejected: expect.stringMatching(/invalid|union|type/i) });
      expect(after.migrated['ReadNoteTool.ts']).toContain('protected createErrorResponse(error: Error) {');
      expect(after.migrated['CountNotesTool.ts']).not.toContain('createErrorResponse');
    });

    it('JSON text: encoded twice before; once after, in content items (no structured output before 0.2.20)', () => {
      const old = textOf(before.outcomes.count_notes);
      expect(textOf(after.outcomes.count_notes)).toBe(JSON.parse(old));
      expect('result' in after.outcomes.count_notes && after.outcomes.count_notes.result.structuredContent).toBeFalsy();
    });
  } else {
    it('JSON text in a tool with an outputSchemaShape: rejected by the Client before (no structuredContent); the object after, as the same text and structuredContent', () => {
      expect(before.outcomes.count_notes).toEqual({ rejected: expect.stringContaining('structured content') });
      const now = after.outcomes.count_notes;
      expect(textOf(now)).toBe('{"folder":"work","count":2}');
      expect('result' in now && now.result.structuredContent).toEqual({ folder: 'work', count: 2 });
    });

    it('a thrown Error is an isError result with its message', () => {
      expect(before.outcomes.sync_notes).toEqual({ result: { content: [{ type: 'text', text: 'Remote origin is offline' }], isError: true } });
    });
  }

  it('migrating the migrated files changes nothing', () => {
    for (const [file, text] of Object.entries(after.migrated)) {
      const again = migrateSourceFile(ts.createSourceFile(path.join(ROOT, 'fixtures/frameworks/mcp-framework/tools', file), text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS), { handlerOptions: { mcpFrameworkVersion: release } });
      expect(again.text, file).toBe(text);
    }
  });
});

it('the fixture has the five tools the calls name', () => {
  expect(TOOL_FILES).toEqual(['CountNotesTool.ts', 'FolderSummaryTool.ts', 'ListNotesTool.ts', 'ReadNoteTool.ts', 'SyncNotesTool.ts']);
});
