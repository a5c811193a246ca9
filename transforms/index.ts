export { transforms, selectedTransforms, scopeAnalysis, UnknownTransformError, migrateSourceFile, runMigration, importSourceFor, syntaxErrors, readTsconfig, TsconfigError, scriptKind, type FileResult, type MigrationRun, type RunMigrationOptions } from './runner.js';
export { migrateTsMorphSourceFile, assertCompatibleTypeScript } from './ts-morph.js';
export type { Change, Diagnostic, MigrationOptions, Transform, TransformContext, TransformResult } from './types.js';
export { writeMigration, writeSourceFile, ReadOnlyFileError, type WriteOutcome, type WriteFailure } from './write.js';
