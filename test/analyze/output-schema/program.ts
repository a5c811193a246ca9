import ts from 'typescript';

/**
 * A type-checked program over in-memory files (the libraries come from the installed TypeScript),
 * for tests that need the checker. `files` maps a path such as `/project/server.ts` to its text.
 */
export function checkedProgram(files: Record<string, string>, options: ts.CompilerOptions = {}): ts.Program {
  const compilerOptions: ts.CompilerOptions = { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, lib: ['lib.es2022.d.ts'], types: [], noEmit: true, ...options };
  const host = ts.createCompilerHost(compilerOptions, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => files[name] ?? readFile(name);
  host.fileExists = (name) => Object.hasOwn(files, name) || fileExists(name);
  host.getSourceFile = (name, language, onError, create) => (Object.hasOwn(files, name) ? ts.createSourceFile(name, files[name], language, true) : getSourceFile(name, language, onError, create));
  return ts.createProgram({ rootNames: Object.keys(files), options: compilerOptions, host });
}

/** The type of `value` in `declare const value: <type>` after `prelude`, with its checker. */
export function declaredType(type: string, prelude = ''): { type: ts.Type; checker: ts.TypeChecker; node: ts.Node } {
  const fileName = '/project/types.ts';
  const program = checkedProgram({ [fileName]: `${prelude}\ndeclare const value: ${type};\nexport {};\n` });
  const sourceFile = program.getSourceFile(fileName)!;
  const checker = program.getTypeChecker();
  const statement = sourceFile.statements.find((node): node is ts.VariableStatement => ts.isVariableStatement(node) && node.declarationList.declarations[0].name.getText(sourceFile) === 'value')!;
  const node = statement.declarationList.declarations[0].name;
  return { type: checker.getTypeAtLocation(node), checker, node };
}
