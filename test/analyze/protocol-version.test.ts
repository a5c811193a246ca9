import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSIONS as RUNTIME_VERSIONS } from '../../packages/runtime/src/index.js';
import { resolveHandlerOptions } from '../../src/analyze/options.js';
import {
  allowsAnyJsonStructuredContent,
  clearProtocolVersionCache,
  defaultProtocolVersion,
  describeDefault,
  PROTOCOL_VERSIONS,
  protocolVersionProblem,
} from '../../src/protocol-version.js';
import { cleanupTemporaries, tempDir, writeTree } from '../cli/helpers.js';

afterAll(cleanupTemporaries);
beforeEach(clearProtocolVersionCache);

describe('protocol versions', () => {
  it('are the released ones, the same in the tools and in the runtime', () => {
    expect([...PROTOCOL_VERSIONS]).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']);
    expect([...RUNTIME_VERSIONS]).toEqual([...PROTOCOL_VERSIONS]);
  });

  it('allow any JSON value as structuredContent from 2026-07-28 on', () => {
    expect(PROTOCOL_VERSIONS.filter(allowsAnyJsonStructuredContent)).toEqual(['2026-07-28']);
  });

  it('explain what is wrong with a bad value', () => {
    expect(protocolVersionProblem('2025-11-25')).toBeUndefined();
    expect(protocolVersionProblem('2025-11-26')).toBe('"2025-11-26" is not a released MCP protocol version (known: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28)');
    expect(protocolVersionProblem('next')).toMatch(/^must be a protocol version date in the form YYYY-MM-DD \(.*\), got "next"$/);
    expect(protocolVersionProblem(null)).toMatch(/, got null$/);
  });

  it('are a handler option that changes the analysis cache key', () => {
    expect(resolveHandlerOptions({ protocolVersion: '2026-07-28' }).protocolVersion).toBe('2026-07-28');
    expect(resolveHandlerOptions({}).protocolVersion).toBeUndefined();
    expect(resolveHandlerOptions({ protocolVersion: '2026-07-28' }).key).not.toBe(resolveHandlerOptions({}).key);
    expect(() => resolveHandlerOptions({ protocolVersion: '2026' })).toThrow('protocolVersion must be a protocol version date in the form YYYY-MM-DD');
  });
});

describe('defaultProtocolVersion', () => {
  const at = (manifest: object | null, rel = path.sep) => {
    const dir = tempDir('mrk-protocol-');
    if (manifest) writeTree(dir, { 'package.json': JSON.stringify(manifest) });
    const choice = defaultProtocolVersion(dir);
    return { version: choice.version, why: describeDefault(choice, (file) => path.relative(dir, file) || rel) };
  };

  it.each([
    [{ dependencies: { '@modelcontextprotocol/server': '^2.4.0' } }, '2026-07-28', 'the default for SDK v2 (package.json depends on @modelcontextprotocol/server ^2.4.0)'],
    [{ devDependencies: { '@modelcontextprotocol/server': 'workspace:*' } }, '2026-07-28', 'the default for SDK v2 (package.json depends on @modelcontextprotocol/server workspace:*)'],
    [{ dependencies: { '@modelcontextprotocol/server': 'npm:@modelcontextprotocol/server@2.4.0' } }, '2026-07-28', expect.stringContaining('SDK v2')],
    [{ dependencies: { '@modelcontextprotocol/server': '1.0.0' } }, '2025-11-25', 'the default: no SDK v2 release (package.json depends on @modelcontextprotocol/server 1.0.0)'],
    [{ dependencies: { '@modelcontextprotocol/sdk': '>=1.3.0 <2' } }, '2025-11-25', 'the default for SDK 1.x, which speaks up to 2025-11-25 (package.json depends on @modelcontextprotocol/sdk >=1.3.0 <2)'],
    [
      { dependencies: { '@modelcontextprotocol/sdk': '^1.32.2' }, devDependencies: { '@modelcontextprotocol/server': '^2.4.0' } },
      '2025-11-25',
      'the default while SDK 1.x, which speaks up to 2025-11-25, is still a dependency (package.json depends on @modelcontextprotocol/sdk ^1.32.2 and @modelcontextprotocol/server ^2.4.0)',
    ],
  ])('%j → %s', (manifest, version, why) => {
    expect(at(manifest)).toEqual({ version, why });
  });

  it('is 2025-11-25 when no package.json names an SDK, and reads an unreadable package.json as none', () => {
    const dir = tempDir('mrk-protocol-');
    writeTree(dir, { 'package.json': '{ not json' });
    expect(defaultProtocolVersion(dir)).toEqual({ version: '2025-11-25', manifest: null, sdks: [] });
    expect(describeDefault(defaultProtocolVersion(dir), String)).toBe('the default when no package.json names an MCP SDK');
  });
});
