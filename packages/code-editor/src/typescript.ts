/**
 * TypeScript, loaded through require: an ESM `import` of the 9 MB CommonJS typescript.js makes
 * Node scan it for its module format and export names first (about 300 ms). Patch validation is
 * the only user; types come from `import type`.
 */
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';

// The bundle exports everything through getters: a plain copy reads each getter once, instead of
// once per `ts.isXxx` call in a walk over every node.
export const ts = { ...(createRequire(import.meta.url)('typescript') as typeof TypeScript) } as typeof TypeScript;
