import path from 'node:path';
import type * as TS from 'typescript';
import { analyzeSourceFile } from './analyzer.js';
import type { CheckerSource } from './declarations.js';
import type { SourceProject } from './flow/project.js';
import type { ResolvedHandlerOptions } from './options.js';
import type { Analysis, ToolHandler } from './types.js';

export interface ProjectAnalysisOptions {
  handlerOptions: ResolvedHandlerOptions;
  checker?: CheckerSource;
  project: SourceProject;
  /** Files the checker's program does not hold (a .js file outside the tsconfig): analyzed without it. */
  outsideProgram?: ReadonlySet<TS.SourceFile>;
}

// A chain of dispatchers across files (index → router → handlers) is followed this many files deep.
const MAX_ROUNDS = 6;

/**
 * The analyses of a project's files, where a handler reached from another file is analyzed in its
 * own file: `index.ts` dispatching into `handlers/pods.ts`, a handler map of imported functions, a
 * registry whose handlers live in other modules. Every file is analyzed once on its own; the
 * handlers each file reaches in others are handed to those files, which are analyzed again with
 * them, until no file gains a handler. Lint (one file at a time) and migrate (all files) both read
 * their analyses from here, so they report the same sites in the same files.
 */
export class ProjectAnalysis {
  private readonly analyses = new Map<string, Analysis>();
  private readonly extras = new Map<string, ToolHandler[]>();

  constructor(
    sourceFiles: readonly TS.SourceFile[],
    private readonly options: ProjectAnalysisOptions,
  ) {
    for (const sourceFile of sourceFiles) this.analyses.set(key(sourceFile.fileName), this.analyze(sourceFile, undefined));
    let pending = this.reachedElsewhere([...this.analyses.values()]);
    for (let round = 0; round < MAX_ROUNDS && pending.size > 0; round++) {
      const reanalyzed: Analysis[] = [];
      for (const [fileName, handlers] of pending) {
        const known = this.extras.get(fileName) ?? [];
        const added = handlers.filter((handler) => !known.some((existing) => sameFunction(existing, handler)));
        if (added.length === 0) continue;
        const extras = [...known, ...added];
        this.extras.set(fileName, extras);
        const sourceFile = options.project.sourceFile(fileName);
        if (!sourceFile) continue;
        const analysis = this.analyze(sourceFile, extras);
        this.analyses.set(fileName, analysis);
        reanalyzed.push(analysis);
      }
      pending = this.reachedElsewhere(reanalyzed);
    }
  }

  /** Handlers other files reach in `fileName` (to analyze another parse of the same file with). */
  extraHandlersOf(fileName: string): readonly ToolHandler[] {
    return this.extras.get(key(fileName)) ?? [];
  }

  /** The analysis of a file of this project, as the project parsed it. */
  analysisOf(fileName: string): Analysis | undefined {
    return this.analyses.get(key(fileName));
  }

  private analyze(sourceFile: TS.SourceFile, extraHandlers: readonly ToolHandler[] | undefined): Analysis {
    const { handlerOptions, checker, project, outsideProgram } = this.options;
    return analyzeSourceFile(sourceFile, { handlerOptions, checker: outsideProgram?.has(sourceFile) ? undefined : checker, project, followExternal: true, extraHandlers });
  }

  private reachedElsewhere(analyses: readonly Analysis[]): Map<string, ToolHandler[]> {
    const byFile = new Map<string, ToolHandler[]>();
    for (const analysis of analyses) {
      for (const handler of analysis.external) {
        const fileName = key(handler.fn.getSourceFile().fileName);
        const list = byFile.get(fileName);
        if (list) list.push(handler);
        else byFile.set(fileName, [handler]);
      }
    }
    return byFile;
  }
}

function key(fileName: string): string {
  return path.resolve(fileName);
}

function sameFunction(a: ToolHandler, b: ToolHandler): boolean {
  return a.fn.pos === b.fn.pos && a.fn.end === b.fn.end && a.fn.kind === b.fn.kind;
}
