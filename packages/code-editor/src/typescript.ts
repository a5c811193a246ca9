/**
 * TypeScript, loaded on first use: only patch validation needs it, and loading the 9 MB
 * typescript.js is a third of the server's start-up (about 350 ms). It is loaded through
 * require: an ESM `import` of that CommonJS file makes Node scan it for its module format and
 * export names first (about 300 ms more). Types come from `import type`.
 */
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';

let loaded: typeof TypeScript | undefined;

export function typescript(): typeof TypeScript {
  // The bundle exports everything through getters: a plain copy reads each getter once, instead
  // of once per `ts.isXxx` call in a walk over every node.
  loaded ??= { ...(createRequire(import.meta.url)('typescript') as typeof TypeScript) } as typeof TypeScript;
  return loaded;
}
