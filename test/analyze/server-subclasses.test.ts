import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { serverSubclassRegistrationMethods } from '../../src/analyze/discovery/server-subclasses.js';

const parse = (text: string) => ts.createSourceFile('server.ts', text, ts.ScriptTarget.Latest, true);

describe("the registration methods of a server's own McpServer subclass", () => {
  it('are the public methods that reach registerTool or tool, directly or through another method, and take a callback', () => {
    const file = parse(`import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export class GuardedServer extends McpServer {
  addReadTool(...args: unknown[]) { return this.guarded('read', ...args); }
  addAdminTool(name: string, callback: () => unknown) { return super.tool(name, callback); }
  private guarded(access: string, ...args: unknown[]) { return (McpServer.prototype as any).registerTool.call(this, args[0], {}, args[1]); }
  protected addInternal(name: string, callback: () => unknown) { return this.registerTool(name, {}, callback); }
  refresh() { return this.tool('x', async () => 'y'); }
  describe(prefix: string, suffix: string) { return prefix + suffix; }
}
class Registry { addTool(name: string, callback: () => unknown) { return this.register(name, callback); } register(name: string, callback: () => unknown) { return this.tool(name, callback); } tool(name: string, callback: () => unknown) { return [name, callback]; } }
`);
    expect([...serverSubclassRegistrationMethods([file])].sort()).toEqual(['addAdminTool', 'addReadTool']);
  });

  it('finds none in a project with no subclass of McpServer', () => {
    expect(serverSubclassRegistrationMethods([parse(`export class Tools { add(name: string, callback: () => unknown) { return this.registerTool(name, callback); } registerTool(n: string, c: () => unknown) { return [n, c]; } }`)]).size).toBe(0);
  });
});
