// Builds the runtime twice with the TypeScript compiler, as ES modules (dist/esm, tsconfig.json)
// and as CommonJS (dist/cjs, tsconfig.cjs.json), each with its own declarations, so `import` and
// `require` both load a native copy with types. The JavaScript is emitted without comments (the
// declarations keep the docs for editors): two copies of the code must stay small in every
// server's node_modules.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  writeFileSync(path.join(root, 'dist/cjs/index.js'), compactCommonJsEntry(path.join(root, 'src/index.ts')));
  for (const file of readdirSync(path.join(root, 'dist'), { recursive: true })) {
    if (/\.(js|d\.ts)$/.test(file)) {
      const fileName = path.join(root, 'dist', file);
      const text = file.endsWith('.d.ts') ? withoutFileHeader(file, readFileSync(fileName, 'utf8')) : readFileSync(fileName, 'utf8');
      writeFileSync(fileName, withCompactIndent(fileName, text, '\t'));
    }
  }
}

/**
 * The emitted code and declarations re-indented from TypeScript's four spaces to one tab per level
 * (2 KB of the package's 100 against two spaces, 5 KB against four), leaving every line that starts
 * inside a template literal as it is: its spaces are the string's.
 */
function withCompactIndent(fileName, text, unit) {
  const sourceFile = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const literalRanges = [];
  const visit = (node) => {
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) literalRanges.push([node.getStart(sourceFile), node.end]);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  const insideLiteral = (offset) => literalRanges.some(([start, end]) => offset > start && offset < end);
  let offset = 0;
  return text
    .split('\n')
    .map((line) => {
      const lineStart = offset;
      offset += line.length + 1;
      const indent = /^ */.exec(line)[0].length;
      if (indent < 4 || insideLiteral(lineStart)) return line;
      return unit.repeat(Math.floor(indent / 4)) + ' '.repeat(indent % 4) + line.slice(indent);
    })
    .join('\n');
}

/**
 * The declarations without the source file's header comment (the one a blank line separates
 * from the first declaration): it is for maintainers, editors never show it, and the emit copies
 * it into both dist/esm and dist/cjs. The declarations' own docs stay.
 */
function withoutFileHeader(declarationFile, text) {
  const sourceFile = path.join(root, 'src', declarationFile.replace(/^(esm|cjs)[\\/]/, '').replace(/\.d\.ts$/, '.ts'));
  const source = readFileSync(sourceFile, 'utf8');
  const [header] = ts.getLeadingCommentRanges(source, 0) ?? [];
  if (!header || !/^\r?\n\r?\n/.test(source.slice(header.end))) return text;
  const comment = source.slice(header.pos, header.end);
  return text.startsWith(comment) ? text.slice(comment.length).replace(/^\r?\n/, '') : text;
}

/**
 * The CommonJS entry, written from src/index.ts's value re-exports: TypeScript emits one getter
 * (`Object.defineProperty(exports, name, { get … })`) per re-exported name, 4.6 KB for what is a
 * list of names. The runtime's exports are functions and constants, never reassigned, so copying
 * them once is the same module to every consumer (`require`, bundlers, `esModuleInterop`).
 */
function compactCommonJsEntry(entryFile) {
  const source = ts.createSourceFile(entryFile, readFileSync(entryFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const lines = ['"use strict";', 'Object.defineProperty(exports, "__esModule", { value: true });', 'const reexport = (module, names) => { for (const name of names) exports[name] = module[name]; };'];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || statement.isTypeOnly || !statement.moduleSpecifier || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
      if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) throw new Error(`src/index.ts: only named re-exports are supported in the CommonJS entry (${statement.getText()})`);
      continue;
    }
    const names = statement.exportClause.elements.filter((element) => !element.isTypeOnly).map((element) => {
      if (element.propertyName) throw new Error(`src/index.ts: renamed re-exports are not supported in the CommonJS entry (${element.getText()})`);
      return JSON.stringify(element.name.text);
    });
    if (names.length > 0) lines.push(`reexport(require(${JSON.stringify(statement.moduleSpecifier.text)}), [${names.join(', ')}]);`);
  }
  return `${lines.join('\n')}\n`;
}
