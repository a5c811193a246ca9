export { analyzeSourceFile, groupDispatchTargets, type AnalyzeOptions } from './analyzer.js';
export { findHandlers } from './discovery/index.js';
export { LocalDeclarations, useChecker, type CheckerSource } from './declarations.js';
export { planImports, resultTypeName, usesRequireSyntax, DEFAULT_IMPORT_SOURCE, type ImportPlanOptions } from './imports.js';
export { inlineResultType, stringReturnType } from './return-types.js';
export { moduleFormatOf, clearModuleFormatCache, type ModuleFormat } from './module-format.js';
export { resolveHandlerOptions, HandlerOptionsError, KIT_HELPERS, type HandlerOptions, type ResolvedHandlerOptions } from './options.js';
export { applyEdits, EditConflictError } from './edits.js';
export * from './types.js';
