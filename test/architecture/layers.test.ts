// The house rule "each folder is one layer, imports run downward", checked on the real sources,
// and the checker itself checked on small planted trees (so this test can fail).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cycleThrough, layerViolations, readImportGraph, type Layering } from './import-graph.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LAYERED_FOLDERS = ['src', 'rules', 'transforms', 'cli', 'bin'];

/**
 * src (analyzer and shared base) < rules, transforms < cli < bin. The codemod imports the plugin's
 * rule list and directive reader (transforms -> rules): one list of rules, presets and kinds, and
 * the same eslint-disable reading, for both (docs/architecture.md). Never the other way.
 */
const LAYERING: Layering = {
  ranks: [['src'], ['rules', 'transforms'], ['cli'], ['bin']],
  allowedBetweenPeers: [{ from: 'transforms', to: 'rules' }],
};

const DISCOVERY_INDEX = 'src/analyze/discovery/index.ts';

describe('the real sources', () => {
  const graph = readImportGraph(ROOT, LAYERED_FOLDERS);

  it('reads the imports of every layer', () => {
    const folders = new Set(graph.edges.map((edge) => edge.from.split('/')[0]));
    expect([...folders].sort()).toEqual([...LAYERED_FOLDERS].sort());
  });

  it('resolves every relative import to a file', () => {
    expect(graph.unresolved).toEqual([]);
  });

  it('imports only from the same layer or a lower one', () => {
    expect(layerViolations(graph.edges, LAYERING)).toEqual([]);
  });

  it('keeps the CLI out of src/, rules/ and transforms/', () => {
    const intoCli = graph.edges.filter((edge) => edge.to.startsWith('cli/') && !edge.from.startsWith('cli/') && !edge.from.startsWith('bin/'));
    expect(intoCli).toEqual([]);
  });

  it(`has no import cycle through ${DISCOVERY_INDEX} (its types live in discovery/types.ts)`, () => {
    expect(graph.edges.some((edge) => edge.from === DISCOVERY_INDEX)).toBe(true);
    expect(cycleThrough(graph.edges, DISCOVERY_INDEX)).toBeUndefined();
  });
});

describe('the checker on planted trees', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A temp project holding `files` (path -> source). */
  function project(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'layers-'));
    made.push(dir);
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
    return dir;
  }

  const clean = {
    'src/base.ts': 'export const base = 1;\n',
    'rules/rule.ts': "import { base } from '../src/base.js';\nexport const rule = base;\n",
    'transforms/fix.ts': "import { rule } from '../rules/rule.js';\nexport const fix = rule;\n",
    'cli/main.ts': "import { fix } from '../transforms/fix.js';\nimport type { rule } from '../rules/rule.js';\nexport const main = (): typeof rule => fix;\n",
    'bin/entry.ts': "import { main } from '../cli/main.js';\nmain();\n",
  };

  it('finds nothing in a tree that imports downward', () => {
    const { edges, unresolved } = readImportGraph(project(clean), LAYERED_FOLDERS);
    expect(edges).toHaveLength(5);
    expect(unresolved).toEqual([]);
    expect(layerViolations(edges, LAYERING)).toEqual([]);
  });

  it('reports a planted upward import from src/ into cli/, with file and line', () => {
    const dir = project({ ...clean, 'src/base.ts': "export const base = 1;\nimport { main } from '../cli/main.js';\nvoid main;\n" });
    expect(layerViolations(readImportGraph(dir, LAYERED_FOLDERS).edges, LAYERING)).toEqual([
      "src/base.ts:2 imports '../cli/main.js' (cli/main.ts): src/ may not import the higher layer cli/",
    ]);
  });

  it('reports upward imports written as dynamic import(), export-from and import type', () => {
    const dir = project({
      ...clean,
      'rules/rule.ts': "export const rule = 1;\nexport { main } from '../cli/main.js';\n",
      'transforms/fix.ts': "export const fix = 1;\nexport type Entry = typeof import('../bin/entry.js');\n",
      'src/base.ts': "export const base = 1;\nexport const later = () => import('../rules/rule.js');\nimport type { fix } from '../transforms/fix.js';\nexport type Fix = typeof fix;\n",
    });
    expect(layerViolations(readImportGraph(dir, LAYERED_FOLDERS).edges, LAYERING)).toEqual([
      "src/base.ts:2 imports '../rules/rule.js' (rules/rule.ts): src/ may not import the higher layer rules/",
      "src/base.ts:3 imports '../transforms/fix.js' (transforms/fix.ts): src/ may not import the higher layer transforms/",
      "rules/rule.ts:2 imports '../cli/main.js' (cli/main.ts): rules/ may not import the higher layer cli/",
      "transforms/fix.ts:2 imports '../bin/entry.js' (bin/entry.ts): transforms/ may not import the higher layer bin/",
    ]);
  });

  it('allows transforms -> rules but reports rules -> transforms', () => {
    const dir = project({ ...clean, 'rules/rule.ts': "import { fix } from '../transforms/fix.js';\nexport const rule = 1;\nvoid fix;\n" });
    expect(layerViolations(readImportGraph(dir, LAYERED_FOLDERS).edges, LAYERING)).toEqual([
      "rules/rule.ts:1 imports '../transforms/fix.js' (transforms/fix.ts): rules/ and transforms/ are peers; only transforms/ -> rules/ is allowed",
    ]);
  });

  it('reports an import of a folder that is in no layer', () => {
    const dir = project({ ...clean, 'scripts/tool.ts': 'export const tool = 1;\n', 'src/base.ts': "import { tool } from '../scripts/tool.js';\nexport const base = tool;\n" });
    expect(layerViolations(readImportGraph(dir, LAYERED_FOLDERS).edges, LAYERING)).toEqual([
      "src/base.ts:1 imports '../scripts/tool.js' (scripts/tool.ts): scripts/ is in no layer",
    ]);
  });

  it('reports a relative import that names no file instead of skipping it', () => {
    const dir = project({ ...clean, 'cli/main.ts': "import { gone } from './gone.js';\nexport const main = gone;\n" });
    expect(readImportGraph(dir, LAYERED_FOLDERS).unresolved).toEqual([{ from: 'cli/main.ts', to: './gone.js', specifier: './gone.js', line: 1 }]);
  });

  it('finds a planted cycle back into a module, shortest first', () => {
    const dir = project({
      'src/discovery/index.ts': "import type { Scope } from './types.js';\nimport { walk } from './walk.js';\nexport const find = (scope: Scope) => walk(scope);\n",
      'src/discovery/types.ts': 'export interface Scope { depth: number }\n',
      'src/discovery/walk.ts': "import { helper } from './helper.js';\nexport const walk = helper;\n",
      'src/discovery/helper.ts': "import type { find } from './index.js';\nexport const helper = (scope: unknown): ReturnType<typeof find> | undefined => scope as undefined;\n",
    });
    const { edges } = readImportGraph(dir, ['src']);
    expect(cycleThrough(edges, 'src/discovery/index.ts')).toEqual(['src/discovery/index.ts', 'src/discovery/walk.ts', 'src/discovery/helper.ts', 'src/discovery/index.ts']);
    expect(cycleThrough(edges, 'src/discovery/types.ts')).toBeUndefined();
  });
});
