import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, it } from 'vitest';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** A syntax-only tester: the rules must work without type information. */
export function createRuleTester(): RuleTester {
  return new RuleTester();
}

export const SDK_IMPORTS = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
`;
