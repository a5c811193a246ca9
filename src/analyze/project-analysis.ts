import path from 'node:path';
import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import { analyzeSourceFile, changesShape, functionKey } from './analyzer.js';
import { LocalDeclarations, type CheckerSource } from './declarations.js';
import { REGISTRY_HANDLER_NAMES } from './discovery/definitions.js';
import { functionOf, type ResolveScope } from './discovery/resolve.js';
import { withServerSubclassMethods } from './discovery/server-subclasses.js';
import { handlerTargets } from './discovery/targets.js';
import { combineFates, fateOf, type Fate, type FateScope } from './flow/fates.js';
import { packageCanReach } from './flow/project-files.js';
import type { SourceProject } from './flow/project.js';
import type { ResolvedHandlerOptions } from './options.js';
import { declaredName, enclosingFunction, isFunctionLike, isInside, lineAndColumn, propertyName, stringLiteralText, unwrap } from './syntax.js';
import type { Analysis, Finding, HandlerStyle, ToolHandler } from './types.js';

export interface ProjectAnalysisOptions {
  handlerOptions: ResolvedHandlerOptions;
  checker?: CheckerSource;
  project: SourceProject;
  /** Files the checker's program does not hold (a .js file outside the tsconfig): analyzed without it. */
  outsideProgram?: ReadonlySet<TS.SourceFile>;
  /**
   * The files migrate writes (absolute paths); the others are read for context. Unset for lint,
   * which reports every site for the user to fix.
   */
  rewrittenFiles?: ReadonlySet<string>;
}

// A chain of dispatchers across files (index → router → handlers) is followed this many files deep.
const MAX_ROUNDS = 6;

/** Styles that say the SDK or a framework calls the function as a tool handler. */
const CALLED_BY_THE_SDK: ReadonlySet<HandlerStyle> = new Set(['tool', 'registerTool', 'low-level', 'fastmcp-addTool', 'handler-pattern', 'class-execute', 'wrapper', 'file-export', 'tool-class', 'decorated', 'typed']);
/** Styles found by shape alone: whether their value is a tool's result depends on where it goes. */
const FOUND_BY_SHAPE: ReadonlySet<HandlerStyle> = new Set(['definition', 'result-shape']);
/** Handlers the SDK calls with every tool's call, or one tool's: where a lookup of the server's own tools is made. */
const SINK_STYLES: ReadonlySet<HandlerStyle> = new Set(['low-level', 'tool', 'registerTool']);

/**
 * The analyses of a project's files, where a handler reached from another file is analyzed in its
 * own file: `index.ts` dispatching into `handlers/pods.ts`, a handler map of imported functions, a
 * registry whose handlers live in other modules. Every file is analyzed once on its own. Then:
 *
 * - a function found only by its shape (a tool object's `execute`, a function returning
 *   `{ content: [...] }`) whose value never reaches the SDK as the result (every consumer takes
 *   it apart: `const { textContent } = await tool.execute(args)`, `result.content[0].text`) is
 *   not a handler (src/analyze/flow/fates.ts);
 * - the handlers each file reaches in others are handed to those files, which are analyzed again
 *   with them, until no file gains a handler.
 *
 * Lint (one file at a time) and migrate (all files) both read their analyses from here, so they
 * report the same sites in the same files.
 */
export class ProjectAnalysis {
  private readonly analyses = new Map<string, Analysis>();
  private readonly handlerOptions: ResolvedHandlerOptions;
  private readonly trees = new Map<string, TS.SourceFile>();
  private readonly heldBack = new Map<string, Map<string, string>>();
  private readonly extras = new Map<string, ToolHandler[]>();
  private readonly ignored = new Map<string, ToolHandler[]>();
  private readonly confirmed = new Map<string, ToolHandler[]>();
  private readonly sourceFiles: readonly TS.SourceFile[];
  private readonly locals = new Map<TS.SourceFile, LocalDeclarations>();
  private sinkDispatch: Map<TS.Node, TS.CallExpression[]> | undefined;
  /** Per file, the findings whose rewrite hands a value on as a result (see handsValueOn); read while judging shared functions. */
  private readonly passingFindings = new Map<string, Finding[]>();
  /** Per handler property, the calls of a parameter destructured from it (see destructuredCalls). */
  private readonly destructuredCallsByProperty = new Map<string, readonly TS.CallExpression[]>();

  constructor(
    sourceFiles: readonly TS.SourceFile[],
    private readonly options: ProjectAnalysisOptions,
  ) {
    this.sourceFiles = sourceFiles;
    // A registration method of the server's own McpServer subclass registers like `server.tool`.
    this.handlerOptions = withServerSubclassMethods(options.handlerOptions, sourceFiles);
    options.project.indexFiles(sourceFiles);
    for (const sourceFile of sourceFiles) this.analyses.set(key(sourceFile.fileName), this.analyze(sourceFile));
    this.judgeShapes();
    this.followAcrossFiles([...this.analyses.values()]);
    // After every registration has named its handlers: what is left of the lookups is adopted.
    this.followAcrossFiles(this.adoptTextDispatches());
    this.judgeTransports();
    this.judgeSharedFunctions();
  }

  /**
   * A handler whose value a transport turns into text other than by handing it as it is to
   * `toCallToolResult` (`text = typeof r === 'string' ? r : JSON.stringify(r)`, a text-keeping
   * `toCallToolResult(JSON.stringify(r))`, a `server.tool` callback around `tool.execute(args)`
   * that migrate leaves for review): a result returned by the handler would be serialised there,
   * so its sites stay for review, naming that transport, and so do the sites of every function it
   * was followed into, in whichever file. Transports that return the value, or that migrate
   * rewrites to `toCallToolResult(value)`, take a result as it is.
   */
  private judgeTransports(): void {
    const reasons = new Map<string, { fn: TS.Node; reason: string }>();
    const block = (fn: TS.Node, calls: readonly TS.CallExpression[]): void => {
      const transport = calls.flatMap((call) => this.transportsAround(call).filter((finding) => !this.passesHandlerValueInThisRun(finding)))[0];
      if (transport === undefined || reasons.has(functionKey(fn))) return;
      reasons.set(functionKey(fn), { fn, reason: `the transport at ${relativeName(transport.fileName)}:${transport.line} turns this handler's value into text, so a result returned here would arrive as text; make that transport return toCallToolResult(value) with the handler's own value, then migrate this site` });
    };
    for (const [fn, calls] of this.dispatchedFromSinks()) block(fn, calls);
    for (const analysis of this.analyses.values()) {
      for (const handler of analysis.handlers) if (handler.style === 'definition' || handler.style === 'registry') block(handler.fn, this.entryConsumers(handler));
    }
    // What a held-back handler was followed into, in other files, is held back with it.
    for (let grew = reasons.size > 0; grew; ) {
      grew = false;
      for (const analysis of this.analyses.values()) {
        for (const reached of analysis.external) {
          const from = reached.reachedFrom ? reasons.get(functionKey(reached.reachedFrom)) : undefined;
          if (from === undefined || reasons.has(functionKey(reached.fn))) continue;
          reasons.set(functionKey(reached.fn), { fn: reached.fn, reason: from.reason });
          grew = true;
        }
      }
    }
    const blocked = new Map<string, Map<string, string>>();
    for (const [fnKey, { fn, reason }] of reasons) {
      const fileName = key(fn.getSourceFile().fileName);
      blocked.set(fileName, (blocked.get(fileName) ?? new Map<string, string>()).set(fnKey, reason));
    }
    for (const [fileName, list] of blocked) {
      this.heldBack.set(fileName, new Map([...(this.heldBack.get(fileName) ?? []), ...list]));
      this.reanalyze(fileName);
    }
  }

  /**
   * A function whose returns are rewritten but that the server's own code also calls and takes
   * apart (`const response = await handlers.listItems(args); response.items…`) serves two
   * masters: its sites are left for review, naming that caller, and their files analyzed again.
   */
  private judgeSharedFunctions(): void {
    const scope = this.fateScope();
    for (const [fileName, analysis] of [...this.analyses]) {
      const heldBack = new Map(this.heldBack.get(fileName));
      const judged = new Set<TS.SignatureDeclaration>();
      for (const finding of analysis.findings) {
        const fn = finding.returningFunction;
        if (!finding.rewrite || !changesShape(finding.kind) || judged.has(fn)) continue;
        judged.add(fn);
        // One fate per caller: a caller that reads the value as data, else one that puts it into
        // `{ type: 'text', text: describe(data) }`, where a result would be sent as a text (unless
        // that text item is itself rewritten to hand the value on: a transport).
        let reader: TS.CallExpression | undefined;
        let writer: TS.CallExpression | undefined;
        for (const call of this.callersOf(fn)) {
          if (isInside(call, fn)) continue;
          const fate = fateOf(call, scope);
          if (fate === 'intermediate') {
            reader = call;
            break;
          }
          if (fate === 'text' && writer === undefined && !this.handsValueOn(call)) writer = call;
        }
        if (reader) heldBack.set(functionKey(fn), `the server's own code also calls this function (${where(reader)}) and reads its value as data; a result here would break that caller: give the tool a handler of its own that wraps this function, then migrate`);
        else if (writer) heldBack.set(functionKey(fn), `the server's own code also puts this function's value into a text (${where(writer)}); a result here would break that text: give the tool a handler of its own that wraps this function, then migrate`);
      }
      if (heldBack.size === (this.heldBack.get(fileName)?.size ?? 0)) continue;
      this.heldBack.set(fileName, heldBack);
      this.reanalyze(fileName);
    }
  }

  /**
   * Does the function around `call` hold a site this run rewrites to pass a handler's value on
   * (`const r = await handle(args); return { content: [{ type: 'text', text: typeof r === 'string'
   * ? r : JSON.stringify(r) }] }` → `toCallToolResult(r)`)? The text item is then no longer a text.
   */
  private handsValueOn(call: TS.CallExpression): boolean {
    const fileName = key(call.getSourceFile().fileName);
    // Few findings hand a value on; they are picked once per file, not per caller.
    let passing = this.passingFindings.get(fileName);
    if (passing === undefined) {
      // A transport rewritten to toCallToolResult(r) (or isCallToolResult(r) ? r : …) hands any result on.
      passing = (this.analyses.get(fileName)?.findings ?? []).filter((finding) => finding.rewrite !== null && (finding.kind === 'transport-wrapper' || finding.rewrite.passesHandlerValue === true));
      this.passingFindings.set(fileName, passing);
    }
    const around = enclosingFunction(call) ?? call;
    const start = around.getStart();
    return passing.some((finding) => start <= finding.start && finding.end <= around.end);
  }

  /** Handlers other files reach in `fileName` (to analyze another parse of the same file with). */
  extraHandlersOf(fileName: string): readonly ToolHandler[] {
    return this.extras.get(key(fileName)) ?? [];
  }

  /** Registry entries of `fileName` whose handler's value reaches a result or a text item: tools. */
  confirmedHandlersOf(fileName: string): readonly ToolHandler[] {
    return this.confirmed.get(key(fileName)) ?? [];
  }

  /** Functions of `fileName` found by shape whose value the server's own code takes apart: not handlers. */
  ignoredHandlersOf(fileName: string): readonly ToolHandler[] {
    return this.ignored.get(key(fileName)) ?? [];
  }

  /** The analysis of a file of this project, as the project parsed it. */
  analysisOf(fileName: string): Analysis | undefined {
    return this.analyses.get(key(fileName));
  }

  /** Functions of `fileName` whose returns must keep their shape, and why (see judgeSharedFunctions, judgeTransports). */
  heldBackOf(fileName: string): ReadonlyMap<string, string> | undefined {
    return this.heldBack.get(key(fileName));
  }

  /** The tree of `fileName` this project analyzed (the findings' nodes are its nodes). */
  sourceFileOf(fileName: string): TS.SourceFile | undefined {
    return this.trees.get(key(fileName));
  }

  private analyze(sourceFile: TS.SourceFile): Analysis {
    const { checker, project, outsideProgram } = this.options;
    const handlerOptions = this.handlerOptions;
    const fileName = key(sourceFile.fileName);
    this.trees.set(fileName, sourceFile);
    return analyzeSourceFile(sourceFile, {
      handlerOptions,
      checker: outsideProgram?.has(sourceFile) ? undefined : checker,
      project,
      followExternal: true,
      extraHandlers: this.extras.get(fileName),
      ignoredHandlers: this.ignored.get(fileName),
      confirmedHandlers: this.confirmed.get(fileName),
      heldBack: this.heldBack.get(fileName),
    });
  }

  /** Drops the handlers found by shape whose value is intermediate, and analyzes their files again. */
  private judgeShapes(): void {
    const scope = this.fateScope();
    for (const [fileName, analysis] of [...this.analyses]) {
      const intermediate = analysis.handlers.filter((handler) => (FOUND_BY_SHAPE.has(handler.style) && this.fateOfShape(handler, scope) === 'intermediate') || this.isUnusedToolClass(handler));
      // A registry entry is a tool only when its handler's value is seen to reach a result or a text item.
      const confirmed = (analysis.candidates ?? []).flatMap((candidate): ToolHandler[] => {
        const fate = this.fateOfShape(candidate, scope);
        if (fate === 'result') return [{ ...candidate, framework: 'sdk' }];
        if (fate !== 'text') return [];
        return [{ ...candidate, framework: 'registry', ...this.transportVerdict(this.entryConsumers(candidate)) }];
      });
      if (intermediate.length === 0 && confirmed.length === 0) continue;
      if (intermediate.length > 0) this.ignored.set(fileName, intermediate);
      if (confirmed.length > 0) this.confirmed.set(fileName, confirmed);
      const sourceFile = this.options.project.sourceFile(fileName) ?? analysis.handlers[0]?.fn.getSourceFile();
      if (sourceFile) this.analyses.set(fileName, this.analyze(sourceFile));
    }
  }

  /** Hands the handlers each of these analyses reaches in other files to those files, until none gains one. */
  private followAcrossFiles(analyses: readonly Analysis[]): void {
    let pending = this.reachedElsewhere(analyses);
    for (let round = 0; round < MAX_ROUNDS && pending.size > 0; round++) {
      const reanalyzed: Analysis[] = [];
      for (const [fileName, handlers] of pending) {
        const known = this.extras.get(fileName) ?? [];
        const added = handlers.filter((handler) => !known.some((existing) => sameFunction(existing, handler)));
        if (added.length === 0) continue;
        this.extras.set(fileName, [...known, ...added]);
        const sourceFile = this.options.project.sourceFile(fileName);
        if (!sourceFile) continue;
        const analysis = this.analyze(sourceFile);
        this.analyses.set(fileName, analysis);
        reanalyzed.push(analysis);
      }
      pending = this.reachedElsewhere(reanalyzed);
    }
  }

  /**
   * A function a `CallTool` handler looks up and calls (`tools.find(…).execute(args)`,
   * `handlers[name](args)`) and whose value it puts into a text item, which no recognizer found: a
   * tool object's method, a class instance's `execute`, a map's function. It is a registry
   * handler, as a registry entry is once its value is seen to reach a text item: its files are
   * analyzed again with it. A helper the transport calls by its own name (`format(result)`) is
   * not a lookup, and its value is the transport's business.
   */
  private adoptTextDispatches(): Analysis[] {
    const scope = this.fateScope();
    const adopted = new Map<string, ToolHandler[]>();
    const lookupsOf = new Map<ToolHandler, TS.CallExpression[]>();
    for (const [fn, calls] of this.dispatchedFromSinks()) {
      if (!isFunctionLike(fn)) continue;
      const fileName = key(fn.getSourceFile().fileName);
      const analysis = this.analyses.get(fileName);
      if (!analysis || [...analysis.handlers, ...(this.ignored.get(fileName) ?? [])].some((handler) => functionKey(handler.fn) === functionKey(fn))) continue;
      const lookups = calls.filter((call) => this.isLookedUpCall(call));
      if (lookups.length === 0 || lookups.length < calls.length || combineFates(lookups.map((call) => fateOf(call, scope))) !== 'text') continue;
      const list = adopted.get(fileName) ?? [];
      const handler: ToolHandler = {
        fn,
        style: 'registry',
        framework: 'registry',
        toolName: classToolName(fn),
        hasOutputSchema: false,
        line: lineAndColumn(fn.getSourceFile(), fn.getStart()).line,
        ...this.transportVerdict(lookups),
      };
      list.push(handler);
      lookupsOf.set(handler, lookups);
      adopted.set(fileName, list);
    }
    const reanalyzed = [...adopted].filter(([fileName, handlers]) => {
      this.extras.set(fileName, [...(this.extras.get(fileName) ?? []), ...handlers]);
      return this.reanalyze(fileName) !== undefined;
    });
    // A transport that reads these handlers' values is a transport site only once they are known
    // (`handlers[name]()` of a map built in the CallTool handler itself): its verdict, judged again.
    const regained = new Set<string>();
    for (const [handler, lookups] of lookupsOf) {
      if (handler.transportRewritten) continue;
      const verdict = this.transportVerdict(lookups);
      if (!verdict.transportRewritten) continue;
      Object.assign(handler, verdict);
      regained.add(key(handler.fn.getSourceFile().fileName));
    }
    for (const fileName of regained) this.reanalyze(fileName);
    // The files' latest analyses: those of the regained files were made again above.
    return reanalyzed.flatMap(([fileName]) => this.analyses.get(fileName) ?? []);
  }

  /** Analyzes a file of the project again, with what the project now knows of it (the tree it was analyzed as, if the project has none). */
  private reanalyze(fileName: string): Analysis | undefined {
    const sourceFile = this.options.project.sourceFile(fileName) ?? this.trees.get(fileName);
    if (!sourceFile) return undefined;
    const analysis = this.analyze(sourceFile);
    this.analyses.set(fileName, analysis);
    this.passingFindings.delete(fileName);
    return analysis;
  }

  /** `tool.execute(args)` on a looked-up value, `handlers[name](args)`, or a local that holds such a lookup. */
  private isLookedUpCall(call: TS.CallExpression): boolean {
    const callee = unwrap(call.expression);
    if (ts.isElementAccessExpression(callee)) return true;
    if (ts.isPropertyAccessExpression(callee)) {
      const method = callee.name.text;
      if (!REGISTRY_HANDLER_NAMES.has(method) && !this.handlerOptions.handlerProperties.has(method)) return false;
      // On a value looked up at run time: a local or parameter (`const tool = tools.find(…)`), or the lookup itself.
      const receiver = unwrap(callee.expression);
      const declaration = ts.isIdentifier(receiver) ? this.localsOf(call.getSourceFile()).declarationOf(receiver) : undefined;
      const lookedUp = ts.isIdentifier(receiver) ? declaration !== undefined && (ts.isVariableDeclaration(declaration) || ts.isParameter(declaration) || ts.isBindingElement(declaration)) : ts.isCallExpression(receiver) || ts.isElementAccessExpression(receiver);
      return lookedUp && functionOf(callee, this.resolveScope(call.getSourceFile())) === undefined;
    }
    if (!ts.isIdentifier(callee)) return false;
    const declaration = this.localsOf(call.getSourceFile()).declarationOf(callee);
    const initializer = declaration && ts.isVariableDeclaration(declaration) && declaration.initializer ? unwrap(declaration.initializer) : undefined;
    return initializer !== undefined && (ts.isElementAccessExpression(initializer) || ts.isCallExpression(initializer) || ts.isConditionalExpression(initializer));
  }

  /** Where values go, as the project's analyses stand now: the SDK calls the handlers they registered. */
  private fateScope(): FateScope {
    const calledBySdk = new Set<TS.Node>();
    for (const analysis of this.analyses.values()) for (const handler of analysis.handlers) if (CALLED_BY_THE_SDK.has(handler.style)) calledBySdk.add(handler.fn);
    return {
      isToolHandler: (fn) => calledBySdk.has(fn),
      callersOf: (fn) => this.callersOf(fn),
      localsOf: (sourceFile) => this.localsOf(sourceFile),
    };
  }

  /**
   * Where a shape-found handler's value goes: to its callers, or to whoever calls the tool
   * object's method. A function that builds results but that nothing in the project calls or even
   * names (an API client's export only its tests use) sends nothing to the SDK.
   */
  private fateOfShape(handler: ToolHandler, scope: FateScope): Fate {
    const consumers = handler.style === 'definition' || handler.style === 'registry' ? this.entryConsumers(handler) : this.callersOf(handler.fn);
    if (consumers.length === 0) {
      const name = declaredName(handler.fn);
      return handler.style === 'result-shape' && name !== null && !this.options.project.isNameUsed(name) ? 'intermediate' : 'unknown';
    }
    return combineFates(consumers.map((call) => fateOf(call, scope)));
  }

  /**
   * Does every consumer of a registry entry put its value into a transport that migrate rewrites to
   * hand the value on (`toCallToolResult(value)`, `isCallToolResult(value) ? value : jsonResult(…)`)?
   * Then, after the same migration, a result returned by the entry reaches the client as a result,
   * and its sites can be rewritten instead of left for review; and when every one of them keeps
   * writing data as before, the entry's data returns are the transport's, not sites.
   */
  private transportVerdict(consumers: readonly TS.CallExpression[]): Pick<ToolHandler, 'transportRewritten' | 'dataTextKept'> {
    const transports = consumers.map((call) => this.transportsAround(call));
    if (consumers.length === 0 || !transports.every((around) => around.length > 0 && around.every((finding) => this.passesHandlerValueInThisRun(finding)))) return {};
    return { transportRewritten: true, ...(transports.every((around) => around.every((finding) => finding.rewrite?.keepsDataText === true)) ? { dataTextKept: true as const } : {}) };
  }

  /**
   * Who calls a tool object's function: `tool.execute(args)` calls, and the `CallTool` handlers that
   * reach it by lookup. A registry entry (no schema, weak evidence) only by a consumer that can see it.
   */
  private entryConsumers(handler: ToolHandler): TS.CallExpression[] {
    const consumers = [...this.methodCalls(handler.fn, handler.property), ...this.destructuredCalls(handler.property), ...(this.dispatchedFromSinks().get(handler.fn) ?? [])];
    return handler.style === 'registry' ? consumers.filter((call) => this.canReach(call, handler)) : consumers;
  }

  /**
   * Will this transport hand the handler's own value to `toCallToolResult` once the run is over?
   * Its rewrite must say so, and migrate must be writing its file: a sibling package read only for
   * context keeps its transport as it is.
   */
  private passesHandlerValueInThisRun(finding: Finding): boolean {
    const written = this.options.rewrittenFiles;
    return finding.rewrite?.passesHandlerValue === true && (written === undefined || written.has(key(finding.fileName)));
  }

  /** The transport-wrapper sites of the function a consumer call sits in (the sink that received its value). */
  private transportsAround(call: TS.CallExpression): Finding[] {
    const sink = enclosingFunction(call);
    return (this.analyses.get(key(call.getSourceFile().fileName))?.findings ?? []).filter((finding) => finding.kind === 'transport-wrapper' && finding.returningFunction === sink);
  }

  /**
   * The calls inside the server's `CallTool` handlers, by the functions they may reach: from the
   * sink backwards, a lookup (`const handler = handlerFor(name); await handler(args)`) reaches every
   * function the registry behind it can hold, wherever the registry is filled.
   */
  private dispatchedFromSinks(): Map<TS.Node, TS.CallExpression[]> {
    if (this.sinkDispatch) return this.sinkDispatch;
    const reached = new Map<TS.Node, TS.CallExpression[]>();
    for (const analysis of this.analyses.values()) {
      for (const sink of analysis.handlers) {
        if (!SINK_STYLES.has(sink.style)) continue;
        // A `CallTool` handler dispatches every tool: each call it makes may reach one. A tool's own
        // callback (one per tool, thousands in a big file) dispatches only through a lookup, and
        // resolving each of its other calls would cost a walk per call.
        const everyCall = sink.style === 'low-level';
        const scope = this.resolveScope(sink.fn.getSourceFile());
        const visit = (node: TS.Node): void => {
          if (ts.isCallExpression(node) && (everyCall || this.isLookedUpCall(node))) {
            const callee = unwrap(node.expression);
            if (ts.isIdentifier(callee) || ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee)) {
              for (const target of handlerTargets(callee, scope)) {
                const calls = reached.get(target.fn);
                if (calls) calls.push(node);
                else reached.set(target.fn, [node]);
              }
            }
          }
          ts.forEachChild(node, visit);
        };
        const body = (sink.fn as TS.FunctionLikeDeclaration).body;
        if (body) visit(body);
      }
    }
    this.sinkDispatch = reached;
    return reached;
  }

  /**
   * Can a consumer call (`tool.handler(args)`) hold this registry entry? It must be in the entry's
   * file, in the module the entry is handed to (`register(entry)` of registry.ts), or import that
   * module. A CLI menu's `{ name, handler }` items are not served by the MCP server's registry.
   */
  private canReach(call: TS.CallExpression, handler: ToolHandler): boolean {
    const entry = handler.definedBy;
    if (!entry) return true;
    const entryFile = key(entry.getSourceFile().fileName);
    const consumerFile = call.getSourceFile();
    if (key(consumerFile.fileName) === entryFile) return true;
    let home = entryFile;
    let node: TS.Node = entry;
    while (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent)) node = node.parent;
    if (ts.isCallExpression(node.parent)) {
      const receiver = functionOf(node.parent.expression, this.resolveScope(entry.getSourceFile()));
      if (receiver) home = key(receiver.getSourceFile().fileName);
    }
    if (key(consumerFile.fileName) === home || this.imports(consumerFile, home)) return true;
    // A register function in a module of its own (`registerTool(server, listMoviesTool)` in the
    // entry point, `({ handler }) => …` in utils/): reached when a file that sees the entry calls it.
    for (let fn = enclosingFunction(call); fn; fn = enclosingFunction(fn)) {
      if (this.callersOf(fn).some((caller) => key(caller.getSourceFile().fileName) === entryFile || this.imports(caller.getSourceFile(), entryFile))) return true;
    }
    return false;
  }

  private imports(sourceFile: TS.SourceFile, fileName: string): boolean {
    return sourceFile.statements.some(
      (statement) => ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && key(this.options.project.resolveModule(sourceFile.fileName, statement.moduleSpecifier.text) ?? '') === fileName,
    );
  }

  /**
   * A decorated action of a class nothing in the project names (`new FarcasterActions()` nowhere):
   * the class is never handed to the framework, so its tools are never served.
   */
  private isUnusedToolClass(handler: ToolHandler): boolean {
    if (handler.style !== 'decorated') return false;
    const owner = handler.fn.parent;
    if (!ts.isClassDeclaration(owner) || !owner.name) return false;
    return !this.options.project.isNameUsed(owner.name.text);
  }

  /** `tool.execute(args)` calls anywhere in the project, for a tool object's `execute`. */
  private methodCalls(fn: TS.SignatureDeclaration, property: string | undefined): TS.CallExpression[] {
    const name = property ?? declaredName(fn);
    if (name === null) return [];
    return (this.options.project.callsNamed(name)).filter((call) => {
      const callee = call.expression;
      if (!ts.isPropertyAccessExpression(callee) || callee.expression.kind === ts.SyntaxKind.ThisKeyword) return false;
      if (!packageCanReach(fn.getSourceFile().fileName, call.getSourceFile().fileName)) return false;
      // A call that resolves to some other function is not this tool object's consumer, nor is a
      // lookup whose registry (followed from the sink backwards) cannot hold it.
      const scope = this.resolveScope(call.getSourceFile());
      const resolved = functionOf(callee, scope);
      if (resolved !== undefined) return resolved === fn;
      const reachable = handlerTargets(callee, scope);
      return reachable.length === 0 || reachable.some((target) => target.fn === fn);
    });
  }

  /**
   * `handler(args)` where `handler` is taken apart from a parameter (`({ name, handler, ...options }) => …`):
   * a register function calling the handler of the tool object it was given.
   */
  private destructuredCalls(property: string | undefined): readonly TS.CallExpression[] {
    if (property === undefined) return [];
    // Every entry with the same handler property asks for the same calls: picked once per property.
    let calls = this.destructuredCallsByProperty.get(property);
    if (calls === undefined) {
      calls = this.options.project.callsNamed(property).filter((call) => ts.isIdentifier(call.expression) && isDestructuredParameter(call.expression, property));
      this.destructuredCallsByProperty.set(property, calls);
    }
    return calls;
  }

  /** The calls of a function of the project (`f(x)`, `ns.f(x)`, `obj.f(x)`) that resolve to it. */
  private callersOf(fn: TS.SignatureDeclaration): TS.CallExpression[] {
    const name = declaredName(fn);
    if (name === null) return [];
    return (this.options.project.callsNamed(name)).filter((call) => functionOf(call.expression, this.resolveScope(call.getSourceFile())) === fn);
  }

  private localsOf(sourceFile: TS.SourceFile): LocalDeclarations {
    let locals = this.locals.get(sourceFile);
    if (!locals) {
      locals = new LocalDeclarations(sourceFile);
      this.locals.set(sourceFile, locals);
    }
    return locals;
  }

  private resolveScope(sourceFile: TS.SourceFile): ResolveScope {
    return { sourceFile, locals: this.localsOf(sourceFile), checker: undefined, project: this.options.project };
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

/** A class method's tool name: the class's `name = 'list_tables'` property. */
function classToolName(fn: TS.SignatureDeclaration): string | null {
  const owner = fn.parent;
  if (!ts.isClassLike(owner)) return null;
  for (const member of owner.members) {
    if (ts.isPropertyDeclaration(member) && propertyName(member.name) === 'name' && member.initializer) return stringLiteralText(unwrap(member.initializer));
  }
  return null;
}

function key(fileName: string): string {
  return path.resolve(fileName);
}

function sameFunction(a: ToolHandler, b: ToolHandler): boolean {
  return a.fn.pos === b.fn.pos && a.fn.end === b.fn.end && a.fn.kind === b.fn.kind;
}

/** `src/index.ts:277`, relative to the working folder, for a review reason. */
function where(node: TS.Node): string {
  const sourceFile = node.getSourceFile();
  const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
  return `${relativeName(sourceFile.fileName)}:${line}`;
}

function relativeName(fileName: string): string {
  return path.relative(process.cwd(), fileName).split(path.sep).join('/');
}

/** Is `identifier` bound by a parameter's object pattern, from the property `property` (`{ handler }`, not `{ run: handler }`)? */
function isDestructuredParameter(identifier: TS.Identifier, property: string): boolean {
  for (let fn = enclosingFunction(identifier); fn; fn = enclosingFunction(fn)) {
    for (const parameter of fn.parameters) {
      if (!ts.isObjectBindingPattern(parameter.name)) continue;
      const element = parameter.name.elements.find((candidate) => ts.isIdentifier(candidate.name) && candidate.name.text === identifier.text);
      if (element) return !element.dotDotDotToken && propertyName(element.propertyName ?? (element.name as TS.Identifier)) === property;
    }
  }
  return false;
}
