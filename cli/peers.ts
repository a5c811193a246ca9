import { canResolve, missingPackage } from '../src/install.js';
import { UsageError } from './errors.js';

interface Peer {
  specifier: string;
  /** Installed as a dev dependency (the default: the kit's peers are dev tools). */
  dev?: boolean;
  /** Said after the install command. */
  alternative?: string;
}

/**
 * The peer dependencies each command loads. They are the project's own copies (the kit never
 * brings a second TypeScript or ESLint), so a project without them gets one line saying what to
 * install, before anything is read or written. `serve` runs the code-editor server, a package
 * of its own that people run in production.
 */
const COMMAND_PEERS: Record<string, readonly Peer[]> = {
  migrate: [{ specifier: 'typescript' }],
  check: [{ specifier: 'typescript' }, { specifier: 'eslint' }],
  demo: [{ specifier: 'typescript' }, { specifier: 'eslint' }],
  serve: [{ specifier: '@mcp-result-kit/code-editor/cli', dev: false, alternative: 'or run it without installing: npx @mcp-result-kit/code-editor' }],
};

/** The package a specifier belongs to: `@scope/name` or `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Throws a UsageError naming the install command when one of the command's peers is missing. */
export function requirePeers(command: string, cwd: string): void {
  for (const peer of COMMAND_PEERS[command] ?? []) {
    if (canResolve(peer.specifier, import.meta.url)) continue;
    throw new UsageError(missingPackage(packageName(peer.specifier), command, cwd, peer.alternative, { dev: peer.dev ?? true }).message);
  }
}
