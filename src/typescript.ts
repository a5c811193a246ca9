/**
 * TypeScript, loaded through require. An ESM `import` of the 9 MB CommonJS typescript.js makes
 * Node scan it for module format and export names first (about 300 ms, measured); every command,
 * the ESLint rules and the codemod start faster without that. Types come from `import type`.
 */
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';

// The bundle exports everything through getters (esbuild's export helper): `ts.isCallExpression`
// in a walk over every node would call one each time. A plain copy reads each getter once.
export const ts = { ...(createRequire(import.meta.url)('typescript') as typeof TypeScript) } as typeof TypeScript;
