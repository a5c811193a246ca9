import { canResolve, missingPackage } from '../install.js';
import { UsageError } from './errors.js';

/**
 * The peer dependencies each command loads. They are the project's own copies (the kit never
 * brings a second TypeScript or ESLint), so a project without them gets one line saying what to
 * install, before anything is read or written.
 */
const COMMAND_PEERS: Record<string, readonly string[]> = {
  migrate: ['typescript'],
  check: ['typescript', 'eslint'],
  demo: ['typescript', 'eslint'],
  serve: ['@modelcontextprotocol/sdk/server/mcp.js', 'zod'],
  probe: ['@modelcontextprotocol/sdk/client/index.js'],
};

/** The package a specifier belongs to: `@scope/name` or `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Throws a UsageError naming the install command when one of the command's peers is missing. */
export function requirePeers(command: string, cwd: string): void {
  for (const specifier of COMMAND_PEERS[command] ?? []) {
    if (canResolve(specifier, import.meta.url)) continue;
    throw new UsageError(missingPackage(packageName(specifier), command, cwd).message);
  }
}
