// Every rule file is wired up: docs page, tests, plugin export, configs, documented options.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TSESLint } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { name: string; version: string };

const RULE_IDS = readdirSync(resolve(root, 'rules'))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !['utils.ts', 'index.ts', 'rule-set.ts', 'directives.ts', 'suggestions.ts'].includes(file))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();

type AnyRule = TSESLint.RuleModule<string, unknown[], { description: string; recommended?: string; requiresTypeChecking?: boolean; url?: string }>;

interface PluginShape {
  meta: { name: string; version: string };
  rules: Record<string, AnyRule>;
  configs: Record<string, TSESLint.FlatConfig.Config>;
}

const loadRule = async (id: string): Promise<AnyRule> =>
  ((await import(pathToFileURL(resolve(root, 'rules', `${id}.ts`)).href)) as { default: AnyRule }).default;

// The plugin entry from source, loaded once; a failure to load fails only the tests that need it.
let pluginPromise: Promise<{ default: PluginShape; rules: Record<string, AnyRule>; configs: PluginShape['configs'] }> | undefined;
const loadPlugin = () => (pluginPromise ??= import('../../rules/index.js') as never);

/** Every object schema in a JSON schema, with its path. */
function objectSchemas(schema: unknown, path = 'schema'): Array<{ path: string; properties: Record<string, Record<string, unknown>> }> {
  if (Array.isArray(schema)) return schema.flatMap((item, index) => objectSchemas(item, `${path}[${index}]`));
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const found: Array<{ path: string; properties: Record<string, Record<string, unknown>> }> = [];
  if (node.properties && typeof node.properties === 'object') {
    const properties = node.properties as Record<string, Record<string, unknown>>;
    found.push({ path, properties });
    for (const [key, value] of Object.entries(properties)) found.push(...objectSchemas(value, `${path}.${key}`));
  }
  if (node.items) found.push(...objectSchemas(node.items, `${path}.items`));
  return found;
}

describe('rule files', () => {
  it('finds the seven rules', () => {
    expect(RULE_IDS).toEqual([
      'no-bare-object-result',
      'no-json-stringify-result',
      'no-string-result',
      'prefer-result-helpers',
      'require-is-error',
      'require-output-schema',
      'valid-structured-content',
    ]);
  });

  describe.each(RULE_IDS)('%s', (id) => {
    it('has docs/rules/<id>.md and test/rules/<id>.test.ts', () => {
      expect(existsSync(resolve(root, 'docs/rules', `${id}.md`)), `docs/rules/${id}.md`).toBe(true);
      expect(existsSync(resolve(root, 'test/rules', `${id}.test.ts`)), `test/rules/${id}.test.ts`).toBe(true);
    });

    it('has a name, description, recommendation level and docs url pointing at its doc file', async () => {
      const rule = await loadRule(id);
      const docs = rule.meta.docs;
      expect(docs?.description).toMatch(/\S/);
      expect(['recommended', 'strict']).toContain(docs?.recommended);
      // Docs for the installed version: the release tag's page, which ships in the package too.
      expect(docs?.url).toBe(`https://github.com/mcp-result-kit/mcp-result-kit/blob/v${pkg.version}/docs/rules/${id}.md`);
    });

    it('offers suggestions and never autofixes (every rewrite changes what the tool returns)', async () => {
      const rule = await loadRule(id);
      expect(rule.meta.hasSuggestions).toBe(true);
      expect(rule.meta.fixable).toBeUndefined();
    });

    it('describes every schema property', async () => {
      const rule = await loadRule(id);
      const schemas = objectSchemas(rule.meta.schema);
      expect(schemas.length).toBeGreaterThan(0);
      for (const { path, properties } of schemas) {
        for (const [key, value] of Object.entries(properties)) {
          expect(typeof value.description === 'string' && value.description.trim() !== '', `${path}.${key} has a description`).toBe(true);
        }
      }
    });

    it('documents every option in its docs page', async () => {
      const rule = await loadRule(id);
      const doc = readFileSync(resolve(root, 'docs/rules', `${id}.md`), 'utf8');
      expect(doc).toMatch(new RegExp(`^# mcp-result-kit/${id}\\b`, 'm'));
      for (const { properties } of objectSchemas(rule.meta.schema)) {
        for (const key of Object.keys(properties)) expect(doc, `docs/rules/${id}.md mentions ${key}`).toContain(`\`${key}\``);
      }
      expect(doc).toContain(`settings['mcp-result-kit']`);
    });

    it('is exported by rules/index.ts', async () => {
      const { rules, default: plugin } = await loadPlugin();
      const rule = await loadRule(id);
      expect(rules[id]).toBe(rule);
      expect(plugin.rules[id]).toBe(rule);
    });

    it('is in configs.strict, and in configs.recommended iff rules/rule-set.ts puts it in recommended', async () => {
      const { configs } = await loadPlugin();
      const { RULE_PRESET } = await import('../../rules/rule-set.js');
      const rule = await loadRule(id);
      const key = `mcp-result-kit/${id}`;
      const recommended = RULE_PRESET[id as keyof typeof RULE_PRESET] === 'recommended';
      expect(rule.meta.docs?.recommended).toBe(RULE_PRESET[id as keyof typeof RULE_PRESET]);
      expect(configs.strict.rules?.[key]).toBe('error');
      expect(configs['strict-type-checked'].rules?.[key]).toBe('error');
      expect(configs.recommended.rules?.[key]).toBe(recommended ? 'error' : undefined);
      expect(configs['recommended-type-checked'].rules?.[key]).toBe(recommended ? 'error' : undefined);
    });
  });
});

describe('plugin', () => {
  it('exports exactly the rule files', async () => {
    const { rules } = await loadPlugin();
    expect(Object.keys(rules).sort()).toEqual(RULE_IDS);
  });

  it('has meta.name and meta.version from package.json, and the rule prefix as meta.namespace', async () => {
    const { default: plugin } = await loadPlugin();
    expect(plugin.meta).toEqual({ name: pkg.name, version: pkg.version, namespace: 'mcp-result-kit' });
  });

  it('registers itself under its name in every config with rules', async () => {
    const { default: plugin, configs } = await loadPlugin();
    expect(Object.keys(configs).sort()).toEqual(['disable-type-checked', 'recommended', 'recommended-type-checked', 'strict', 'strict-type-checked']);
    for (const [name, config] of Object.entries(configs)) {
      expect(config.name).toBe(`mcp-result-kit/${name}`);
      if (name === 'disable-type-checked') continue;
      expect(config.plugins?.['mcp-result-kit']).toBe(plugin);
      for (const ruleId of Object.keys(config.rules ?? {})) expect(ruleId).toMatch(/^mcp-result-kit\//);
    }
  });

  it('maps every site kind the analyzer has to a rule of the plugin, and every rule reports site kinds or tools', async () => {
    const { SITE_KINDS } = await import('../../src/analyze/index.js');
    const { RULE_OF_KIND, RULE_NAMES, TOOL_RULES } = await import('../../rules/rule-set.js');
    for (const kind of SITE_KINDS) expect(RULE_NAMES, kind).toContain(RULE_OF_KIND[kind]);
    expect([...new Set([...Object.values(RULE_OF_KIND), ...TOOL_RULES])].sort()).toEqual(RULE_IDS);
  });

  it('package.json carries what the ESLint ecosystem looks for', () => {
    const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { repository?: { url?: string }; homepage?: string; bugs?: { url?: string }; keywords?: string[] };
    expect(manifest.repository?.url).toMatch(/github\.com\/mcp-result-kit\/mcp-result-kit/);
    expect(manifest.homepage).toMatch(/^https:\/\//);
    expect(manifest.bugs?.url).toMatch(/\/issues$/);
    expect(manifest.keywords).toEqual(expect.arrayContaining(['eslint', 'eslintplugin', 'eslint-plugin', 'mcp']));
  });
});
