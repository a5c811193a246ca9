/**
 * For users who already hold a ts-morph Project: migrate one of its SourceFiles with the same
 * engine, then apply the text with ts-morph (one replaceWithText per file, never per node).
 */
import type { SourceFile } from 'ts-morph';
import type * as TS from 'typescript';
import { ts } from '../src/typescript.js';
import { migrateSourceFile, type FileResult } from './runner.js';
import type { MigrationOptions } from './types.js';

// ts-morph bundles its own TypeScript; the analyzer's kind checks need the same syntax numbering.
export function assertCompatibleTypeScript(bundledVersion: string): void {
  const [major, minor] = bundledVersion.split('.');
  const [ownMajor, ownMinor] = ts.version.split('.');
  if (major !== ownMajor || minor !== ownMinor) {
    throw new Error(`ts-morph uses TypeScript ${bundledVersion} but mcp-result-kit uses ${ts.version}; install matching versions`);
  }
}

export function migrateTsMorphSourceFile(sourceFile: SourceFile, options: MigrationOptions = {}, apply = true): FileResult {
  const compilerOptions = sourceFile.getProject().getCompilerOptions() as TS.CompilerOptions;
  const result = migrateSourceFile(sourceFile.compilerNode as unknown as TS.SourceFile, { compilerOptions, ...options });
  if (apply && result.changed) sourceFile.replaceWithText(result.text);
  return result;
}
