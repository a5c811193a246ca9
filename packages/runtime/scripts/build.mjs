// Builds the runtime twice with the TypeScript compiler, as ES modules (dist/esm, tsconfig.json)
// and as CommonJS (dist/cjs, tsconfig.cjs.json), each with its own declarations, so `import` and
// `require` both load a native copy with types. The JavaScript is emitted without comments (the
// declarations keep the docs for editors): two copies of the code must stay small in every
// server's node_modules.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ts = createRequire(import.meta.url)('typescript');

const formatHost = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' };

/** Type-checks one configuration and emits it; returns the number of errors. */
function build(configName) {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, configName), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) throw new Error(`cannot read ${configName}`);
  const declarations = ts.createProgram(parsed.fileNames, parsed.options);
  const diagnostics = [...ts.getPreEmitDiagnostics(declarations), ...declarations.emit(undefined, undefined, undefined, true).diagnostics];
  if (diagnostics.length === 0) {
    const code = ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, declaration: false, removeComments: true }, oldProgram: declarations });
    diagnostics.push(...code.emit().diagnostics);
  }
  if (diagnostics.length > 0) process.stderr.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  return diagnostics.length;
}

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
const errors = build('tsconfig.json') + build('tsconfig.cjs.json');
if (errors > 0) {
  process.exitCode = 1;
} else {
  // This package is "type": "module"; the marker makes Node (and TypeScript) read dist/cjs as CommonJS.
  mkdirSync(path.join(root, 'dist/cjs'), { recursive: true });
  writeFileSync(path.join(root, 'dist/cjs/package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
}
