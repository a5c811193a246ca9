import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import type { ResolvedHandlerOptions } from '../options.js';
import { getPropertyValue, lineAndColumn } from '../syntax.js';
import type { Analysis } from '../types.js';
import { compareSchemas, type Mismatch } from './compare.js';
import { declaredJsonSchema, declaredZodSchema, type Declared } from './declared.js';
import { asJsonResultWritesIt, lowLevelPathsByTool, objectLiteral, pathScope, registrationOf, toolListEntries, toolObjectOf } from './infer.js';
import type { JsonSchema } from './json-schema.js';
import { pathsOfFunction, type PathScope, type ResultPath } from './paths.js';
import { typeToSchema } from './type-to-schema.js';
import { zodBindingOf } from './zod.js';

/**
 * A declared outputSchema that a tool's results do not fit, found from the types of its success
 * paths. The SDK validates each success result against the schema (its 1.x client validates the
 * JSON Schema in tools/list too): every one of these is a result it refuses.
 * - a `Mismatch` problem: the success path at `node` (its structured value) fails the schema at `property`;
 * - `unproduced`: the schema declares `property` (at `node`), and no path of the tool returns it;
 * - `no-structured-content`: the success path at `node` returns no structuredContent at all.
 */
export interface DeclaredSchemaFinding extends Omit<Mismatch, 'problem' | 'property'> {
  problem: Mismatch['problem'] | 'unproduced' | 'no-structured-content';
  property: string | null;
  /** For `unproduced`: the schema requires the property (so every result fails), rather than only declaring it. */
  required?: boolean;
  toolName: string | null;
  node: TS.Node;
  line: number;
  column: number;
}

/**
 * Every tool of the file that declares an outputSchema (SDK 1.x `registerTool`'s zod shape or zod
 * object, a low-level tool list's JSON Schema), checked against the types of what it returns, both
 * ways. Paths whose type is not known, and schemas this analysis cannot read, say nothing. Error
 * results are exempt, as in the SDK. Needs the type checker.
 */
export function checkDeclaredSchemas(analysis: Analysis, sourceFile: TS.SourceFile, checker: TS.TypeChecker, options: ResolvedHandlerOptions): DeclaredSchemaFinding[] {
  const scope = pathScope(sourceFile, checker, options);
  // Sites the site analysis already reports as missing-structured-content are not reported twice.
  const reported = analysis.findings.filter((finding) => finding.kind === 'missing-structured-content');
  const isReported = (node: TS.Node) => reported.some((finding) => finding.start <= node.getStart(sourceFile) && node.end <= finding.end);
  const found: DeclaredSchemaFinding[] = [];
  let lowLevelDone = false;
  for (const handler of analysis.handlers) {
    if (handler.fn.getSourceFile() !== sourceFile) continue;
    if (handler.framework === 'fastmcp' && handler.style === 'fastmcp-addTool' && handler.hasOutputSchema) {
      // FastMCP (4.x) validates structuredContent against the tool's Standard Schema, error results too;
      // only the success paths are checked here, as for the SDK.
      const value = toolObjectOf(handler.fn) && getPropertyValue(toolObjectOf(handler.fn)!, 'outputSchema');
      const zod = zodBindingOf(sourceFile);
      if (!value || ts.isMethodDeclaration(value) || !zod) continue;
      found.push(...checkTool(handler.toolName, pathsOfFunction(handler.fn, scope), declaredZodSchema(value, zod.name, checker), scope, isReported));
      continue;
    }
    if (handler.framework !== 'sdk') continue;
    if (handler.style === 'registerTool' && handler.hasOutputSchema) {
      const call = registrationOf(handler, sourceFile, checker);
      const config = call && objectLiteral(call.arguments[1], checker);
      const value = config && getPropertyValue(config, 'outputSchema');
      if (!value || ts.isMethodDeclaration(value)) continue;
      const zod = zodBindingOf(sourceFile);
      const declared: Declared = zod ? declaredZodSchema(value, zod.name, checker) : { kind: 'any' };
      found.push(...checkTool(handler.toolName, pathsOfFunction(handler.fn, scope), declared, scope, isReported));
    } else if (handler.style === 'low-level' && !lowLevelDone) {
      lowLevelDone = true;
      const entries = toolListEntries(sourceFile);
      const byTool = lowLevelPathsByTool(handler, scope);
      for (const [name, entry] of entries) {
        const value = getPropertyValue(entry, 'outputSchema');
        const paths = byTool.get(name);
        if (!value || ts.isMethodDeclaration(value) || !paths) continue;
        found.push(...checkTool(name, paths, declaredJsonSchema(value, checker), scope, isReported));
      }
    }
  }
  return found;
}

function checkTool(toolName: string | null, paths: readonly ResultPath[], declared: Declared, scope: PathScope, isReported: (node: TS.Node) => boolean): DeclaredSchemaFinding[] {
  const sourceFile = scope.sourceFile;
  const finding = (node: TS.Node, fields: Omit<DeclaredSchemaFinding, 'toolName' | 'node' | 'line' | 'column'>): DeclaredSchemaFinding => ({ ...fields, toolName, node, ...lineAndColumn(sourceFile, node.getStart(sourceFile)) });
  const found: DeclaredSchemaFinding[] = [];
  const mismatches: { node: TS.Node; mismatch: Mismatch }[] = [];
  // Which top-level keys some path returns; null once a path's keys cannot be known.
  let produced: Set<string> | null = new Set();
  let structuredPaths = 0;
  const addKeys = (schema: JsonSchema | null) => {
    if (!produced) return;
    const members = schema?.anyOf ?? (schema ? [schema] : []);
    if (!schema || members.some((member) => member.type !== 'object' || member.additionalProperties)) produced = null;
    else for (const member of members) for (const name of Object.keys(member.properties ?? {})) produced.add(name);
  };
  const schemaOf = (node: TS.Expression): JsonSchema | null => {
    const outcome = typeToSchema(scope.checker.getTypeAtLocation(node), scope.checker, node);
    return 'schema' in outcome ? outcome.schema : null;
  };
  for (const path of paths) {
    if (path.kind === 'error') {
      // Exempt from the check, but an error helper's `{ error }` is a key the schema may declare for it.
      const carried = path.structured;
      if (!carried) continue;
      if (carried.errorHelper) {
        produced?.add('error');
        if (carried.extra) addKeys(schemaOf(carried.extra));
      } else {
        addKeys(schemaOf(carried.value));
      }
    } else if (path.kind === 'unknown') {
      produced = null;
    } else if (path.kind === 'text') {
      // A string is another rule's finding (it is not a result); a result without structuredContent is refused.
      if (ts.isStringLiteralLike(path.node) || ts.isTemplateExpression(path.node)) produced = null;
      else if (!isReported(path.node)) found.push(finding(path.node, { problem: 'no-structured-content', property: null }));
    } else {
      structuredPaths++;
      const schema = schemaOf(path.value);
      if (!schema) {
        produced = null;
        continue;
      }
      const written = path.via === 'jsonResult' ? asJsonResultWritesIt(schema) : schema;
      addKeys(written);
      for (const mismatch of compareSchemas(written, declared)) mismatches.push({ node: path.value, mismatch });
    }
  }
  const unproduced = new Set<string>();
  const keys: Set<string> | null = produced;
  if (keys && structuredPaths > 0 && declared.kind === 'object') {
    for (const [name, property] of declared.properties) {
      if (keys.has(name)) continue;
      unproduced.add(name);
      found.push(finding(property.node, { problem: 'unproduced', property: name, required: !property.optional }));
    }
  }
  // A required key no path returns is one finding at the schema, not one per path.
  for (const { node, mismatch } of mismatches) {
    if (mismatch.problem === 'missing' && unproduced.has(mismatch.property)) continue;
    found.push(finding(node, mismatch));
  }
  return found.sort((a, b) => a.node.getStart(sourceFile) - b.node.getStart(sourceFile));
}
