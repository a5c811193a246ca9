export { transforms, migrateSourceFile, runMigration, writeMigration, writeFileAtomic, importSourceFor, syntaxErrors, type FileResult, type MigrationRun, type RunMigrationOptions } from './runner.js';
export type { Change, Diagnostic, MigrationOptions, Transform, TransformContext, TransformResult } from './types.js';
