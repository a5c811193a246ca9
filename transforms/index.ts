export { transforms, migrateSourceFile, runMigration, writeMigration, writeFileAtomic, importSourceFor, syntaxErrors, readTsconfig, TsconfigError, scriptKind, type FileResult, type MigrationRun, type RunMigrationOptions } from './runner.js';
export { migrateTsMorphSourceFile, assertCompatibleTypeScript } from './ts-morph.js';
export type { Change, Diagnostic, MigrationOptions, Transform, TransformContext, TransformResult } from './types.js';
