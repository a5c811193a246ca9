// Real-world recall: `check` (type-aware and syntax-only) and `migrate` over the public MCP servers
// in ../shared/realworld, measured against the reviewer surveys: bench/realworld/expected/ (the
// first ten servers, surveyed in this project) and <source>/expected/ (the others, read in place).
//
// Per server it prints recall and precision (a finding matches an expected site at the same file
// and line; kinds are compared separately), TypeScript errors before and after `migrate` (run on a
// git copy, with --local-helpers so the rewritten code resolves without installing anything), whether
// a second `migrate` changes anything, and the sites left for review.
//
// Usage: npm run bench:realworld [-- --only <server>] [--workdir <dir>] [--verbose]
//          [--held-out only|exclude|include] [--blind] [--prepared] [--syntax-only] [--no-tsc]
// --prepared: the servers are already exported into the workdir (setup.sh is not run); --syntax-only:
// no type-aware check; --no-tsc: no type errors before/after migrate (servers without node_modules).
// Per surveyed site, migrate's outcome: fixed (migrate rewrote the site), review (left for review,
// counted by reason), not touched; and wrong rewrites (a change where the survey flags nothing).
// The servers listed in bench/realworld/held-out.json were kept out of sight while the analyzer was
// built; their figures are printed apart. `--held-out exclude` is what a developer runs while working
// (their misses and false positives are never printed then), `only` measures them alone. `--blind`
// measures them with the rest but prints only their totals: no row, no detail of a held-out server.
// The servers are prepared once with their own setup.sh into the workdir (default bench/.tmp/realworld).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { git, newErrors, resetTree, run, typeErrors } from './server-tree.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { values } = parseArgs({
  options: {
    source: { type: 'string', default: process.env.REALWORLD_DIR ?? path.resolve(root, '../shared/realworld') },
    workdir: { type: 'string', default: path.join(root, 'bench/.tmp/realworld') },
    only: { type: 'string', multiple: true },
    verbose: { type: 'boolean', default: false },
    'no-migrate': { type: 'boolean', default: false },
    'held-out': { type: 'string', default: 'include' },
    blind: { type: 'boolean', default: false },
    prepared: { type: 'boolean', default: false },
    'syntax-only': { type: 'boolean', default: false },
    'no-tsc': { type: 'boolean', default: false },
  },
});

const source = path.resolve(values.source);
if (!existsSync(path.join(source, 'setup.sh'))) {
  console.log(`bench/realworld: skipped, no real-world servers at ${source} (set REALWORLD_DIR or pass --source)`);
  process.exit(0);
}
const cli = process.env.MRK_CLI ?? path.join(root, 'dist/bin/mcp-result-kit.js');
if (!existsSync(cli)) {
  console.error('bench/realworld: build first (npm run build)');
  process.exit(2);
}

const workdir = path.resolve(values.workdir);
const setup = values.prepared ? { status: 0 } : spawnSync('bash', [path.join(source, 'setup.sh'), workdir], { encoding: 'utf8' });
if (setup.status !== 0) {
  console.error(`bench/realworld: setup.sh failed:\n${setup.stdout}${setup.stderr}`);
  process.exit(2);
}

/** `repo<TAB>commit<TAB>date<TAB>tool sources` → folder name → tool source folder. */
function toolSources() {
  const sources = new Map();
  for (const line of readFileSync(path.join(source, 'SOURCES.tsv'), 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [repo, , , folder] = line.split('\t');
    sources.set(repo.replace('/', '__'), folder || '.');
  }
  return sources;
}

/**
 * check's JSON, whichever of its shapes: the kit's `[{ file, line, ruleId }]` or ESLint's
 * `[{ filePath, messages: [{ line, ruleId }] }]`. Paths come back relative to the server root.
 */
function parseCheckJson(stdout, cwd) {
  const parsed = JSON.parse(stdout);
  const list = Array.isArray(parsed) ? parsed : (parsed.findings ?? parsed.results ?? []);
  const findings = [];
  for (const entry of list) {
    if (Array.isArray(entry.messages)) {
      for (const message of entry.messages) findings.push({ file: entry.filePath, line: message.line, ruleId: message.ruleId ?? null });
    } else {
      findings.push({ file: entry.file ?? entry.filePath, line: entry.line, ruleId: entry.ruleId ?? null });
    }
  }
  return findings
    .filter((finding) => finding.ruleId !== null)
    .map((finding) => ({ ...finding, file: path.relative(realpathSync(cwd), realpathSync(path.resolve(cwd, finding.file))).split(path.sep).join('/') }));
}

function check(cwd, folders, typeAware) {
  const args = [cli, 'check', '--format', 'json', ...(typeAware ? [] : ['--no-tsconfig']), ...folders];
  const result = run(process.execPath, args, cwd);
  if (result.status !== 0 && result.status !== 1) throw new Error(`check failed in ${cwd} (exit ${result.status}): ${result.stderr}`);
  return { findings: parseCheckJson(result.stdout, cwd), ms: result.ms, stderr: result.stderr };
}

/** Multiset match on file:line. */
function score(expected, findings) {
  const pending = new Map();
  for (const site of expected) {
    const key = `${site.file}:${site.line}`;
    pending.set(key, [...(pending.get(key) ?? []), site]);
  }
  const matched = [];
  const falsePositives = [];
  for (const finding of findings) {
    const key = `${finding.file}:${finding.line}`;
    const sites = pending.get(key);
    if (sites && sites.length > 0) matched.push({ site: sites.shift(), finding });
    else falsePositives.push(finding);
  }
  const missed = [...pending.values()].flat();
  return { matched, falsePositives, missed };
}

const ratio = (part, whole) => (whole === 0 ? 1 : part / whole);
const percent = (value) => `${(value * 100).toFixed(1)}%`;

/** TypeScript's errors before or after migrate (none counted with --no-tsc). */
function typeErrorsOf(cwd) {
  return values['no-tsc'] ? [] : typeErrors(cwd, 'tsconfig.json', root);
}

function migrate(cwd, folders) {
  const helpers = path.join(folders[0], 'mcp-result-kit-helpers.ts');
  const result = run(process.execPath, [cli, 'migrate', '--json', ...(values['syntax-only'] ? ['--no-tsconfig'] : []), '--local-helpers', helpers, ...folders], cwd);
  if (result.status !== 0 && result.status !== 1) throw new Error(`migrate failed in ${cwd} (exit ${result.status}): ${result.stderr}`);
  return { report: JSON.parse(result.stdout), ms: result.ms, stderr: result.stderr };
}

/**
 * What migrate did with each surveyed site: rewrote it (a change at its file and line), left it for
 * review (with the reason), or nothing. A change at a line the survey does not flag is a wrong rewrite.
 */
function migrationOutcome(flagged, report) {
  const at = (list) => {
    const byLine = new Map();
    for (const item of list) byLine.set(`${item.file}:${item.line}`, [...(byLine.get(`${item.file}:${item.line}`) ?? []), item]);
    return byLine;
  };
  const changes = at(report.changes);
  const reviews = at(report.needsReview);
  const surveyed = new Set(flagged.map((site) => `${site.file}:${site.line}`));
  let fixed = 0;
  const reviewed = [];
  const untouched = [];
  for (const site of flagged) {
    const key = `${site.file}:${site.line}`;
    if ((changes.get(key) ?? []).length > 0) fixed++;
    else if ((reviews.get(key) ?? []).length > 0) reviewed.push({ ...site, reason: reviews.get(key)[0].reason });
    else untouched.push(site);
  }
  const wrong = report.changes.filter((change) => change.kind !== 'return-type' && !surveyed.has(`${change.file}:${change.line}`));
  return { fixed, reviewed, untouched, wrong };
}

if (!['include', 'exclude', 'only'].includes(values['held-out'])) {
  console.error(`bench/realworld: --held-out takes include, exclude or only (got ${values['held-out']})`);
  process.exit(2);
}
const heldOut = new Set(JSON.parse(readFileSync(path.join(here, 'held-out.json'), 'utf8')).servers);

/** Every survey: this project's (bench/realworld/expected) and the shared ones (<source>/expected). */
function surveys() {
  const byServer = new Map();
  for (const folder of [path.join(source, 'expected'), path.join(here, 'expected')]) {
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.json'))) {
      const survey = JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
      byServer.set(survey.server, survey);
    }
  }
  return [...byServer.values()];
}

const sources = toolSources();
const servers = surveys()
  .filter((survey) => !values.only || values.only.includes(survey.server))
  .filter((survey) => (values['held-out'] === 'include' ? true : values['held-out'] === 'only' ? heldOut.has(survey.server) : !heldOut.has(survey.server)))
  .sort((a, b) => a.server.localeCompare(b.server));

const rows = {};
const newTotals = () => ({ fixed: 0, reviewed: 0, untouched: 0, wrong: 0, reviewReasons: new Map(), expected: 0, typed: { matched: 0, found: 0 }, syntax: { matched: 0, found: 0 }, newTypeErrors: 0, review: 0, notIdempotent: 0, cleanServersTouched: 0, servers: 0 });
const totals = newTotals();
const heldOutTotals = newTotals();
const details = [];
for (const survey of servers) {
  const cwd = path.join(workdir, survey.server);
  // The survey's roots (the folders a user would lint) where it has them, else SOURCES.tsv's folder.
  const folders = survey.roots ?? [sources.get(survey.server) ?? 'src'];
  if (!existsSync(cwd)) {
    console.log(`${survey.server}: not prepared in ${workdir}, skipped`);
    continue;
  }
  resetTree(cwd);
  let syntax;
  try {
    syntax = check(cwd, folders, false);
  } catch (error) {
    // One server that cannot be checked (a folder the export lacks) is reported, not the end of the run.
    console.log(`${survey.server}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    continue;
  }
  const typed = values['syntax-only'] ? syntax : check(cwd, folders, true);
  const typedScore = score(survey.flagged, typed.findings);
  const syntaxScore = score(survey.flagged, syntax.findings);
  const isHeldOut = heldOut.has(survey.server);
  for (const sum of isHeldOut ? [totals, heldOutTotals] : [totals]) {
    sum.servers++;
    sum.expected += survey.flagged.length;
    sum.typed.matched += typedScore.matched.length;
    sum.typed.found += typed.findings.length;
    sum.syntax.matched += syntaxScore.matched.length;
    sum.syntax.found += syntax.findings.length;
  }

  let migration = { before: '-', after: '-', added: [], changed: '-', idempotent: '-', review: '-', kindsAgree: '-' };
  if (!values['no-migrate']) {
    const before = typeErrorsOf(cwd);
    const first = migrate(cwd, folders);
    git(cwd, 'add', '-A');
    git(cwd, '-c', 'user.email=bench@local', '-c', 'user.name=bench', 'commit', '--quiet', '--allow-empty', '-m', 'migrated');
    const after = typeErrorsOf(cwd);
    const second = migrate(cwd, folders);
    const added = newErrors(before, after);
    const outcome = migrationOutcome(survey.flagged, first.report);
    // The kinds migrate gives the sites check and the survey agree on.
    const kindAt = new Map([...first.report.changes, ...first.report.needsReview].map((site) => [`${site.file}:${site.line}`, site.kind]));
    const agreeing = typedScore.matched.filter(({ site }) => kindAt.get(`${site.file}:${site.line}`) === site.kind).length;
    migration = {
      before: before.length,
      after: after.length,
      added,
      changed: first.report.filesChanged,
      idempotent: second.report.filesChanged === 0 && second.report.changes.length === 0,
      review: first.report.needsReview.length,
      kindsAgree: `${agreeing}/${typedScore.matched.length}`,
      outcome,
    };
    for (const sum of isHeldOut ? [totals, heldOutTotals] : [totals]) {
      sum.newTypeErrors += added.length;
      sum.fixed += outcome.fixed;
      sum.reviewed += outcome.reviewed.length;
      sum.untouched += outcome.untouched.length;
      sum.wrong += outcome.wrong.length;
      for (const site of outcome.reviewed) sum.reviewReasons.set(site.reason, (sum.reviewReasons.get(site.reason) ?? 0) + 1);
      sum.review += first.report.needsReview.length;
      if (!migration.idempotent) sum.notIdempotent++;
      if (survey.flagged.length === 0 && (first.report.filesChanged > 0 || typed.findings.length > 0)) sum.cleanServersTouched++;
    }
    git(cwd, 'reset', '--quiet', '--hard', 'HEAD~1');
    resetTree(cwd);
  }

  if (values.blind && isHeldOut) continue;
  rows[isHeldOut ? `${survey.server} (held out)` : survey.server] = {
    expected: survey.flagged.length,
    'recall (typed)': percent(ratio(typedScore.matched.length, survey.flagged.length)),
    'precision (typed)': percent(ratio(typedScore.matched.length, typed.findings.length)),
    'recall (syntax)': percent(ratio(syntaxScore.matched.length, survey.flagged.length)),
    'precision (syntax)': percent(ratio(syntaxScore.matched.length, syntax.findings.length)),
    'kinds agree': migration.kindsAgree,
    'tsc errors before': migration.before,
    'tsc errors after': migration.after,
    'new tsc errors': Array.isArray(migration.added) ? migration.added.length : '-',
    'files changed': migration.changed,
    idempotent: migration.idempotent,
    'left for review': migration.review,
    fixed: migration.outcome ? `${migration.outcome.fixed}/${survey.flagged.length}` : '-',
    'wrong rewrites': migration.outcome ? migration.outcome.wrong.length : '-',
    'check ms (typed)': Math.round(typed.ms),
  };
  details.push({ server: survey.server, typedScore, syntaxScore, added: migration.added, outcome: migration.outcome });
}

console.log(`realworld bench: Node ${process.version}, ${Object.keys(rows).length} servers from ${source} (held out: ${values['held-out']}${values.blind ? ', blind: only their totals are printed' : ''})`);
console.table(rows);

function summarise(label, sums) {
  const typedRecall = ratio(sums.typed.matched, sums.expected);
  const typedPrecision = ratio(sums.typed.matched, sums.typed.found);
  const syntaxRecall = ratio(sums.syntax.matched, sums.expected);
  const syntaxPrecision = ratio(sums.syntax.matched, sums.syntax.found);
  const met = (recall, precision) => (recall >= 0.97 && precision >= 0.97 ? 'MET' : 'MISSED');
  console.log(`${label}: ${sums.servers} servers, ${sums.expected} expected sites`);
  console.log(`  syntax-only: recall ${percent(syntaxRecall)} (${sums.syntax.matched}/${sums.expected}), precision ${percent(syntaxPrecision)} (${sums.syntax.matched}/${sums.syntax.found})  goal >= 97% / 97% ${met(syntaxRecall, syntaxPrecision)}`);
  console.log(`  type-aware:  recall ${percent(typedRecall)} (${sums.typed.matched}/${sums.expected}), precision ${percent(typedPrecision)} (${sums.typed.matched}/${sums.typed.found})  goal >= 97% / 97% ${met(typedRecall, typedPrecision)}`);
  if (!values['no-migrate']) {
    console.log(`  migrate outcome per surveyed site: fixed ${percent(ratio(sums.fixed, sums.expected))} (${sums.fixed}/${sums.expected}), review ${percent(ratio(sums.reviewed, sums.expected))} (${sums.reviewed}), not touched ${percent(ratio(sums.untouched, sums.expected))} (${sums.untouched}), wrong rewrites ${sums.wrong}`);
    for (const [reason, count] of [...sums.reviewReasons].sort((a, b) => b[1] - a[1]).slice(0, values.verbose ? 50 : 8)) console.log(`    review ${count}× ${reason}`);
    console.log(`  migrate: ${sums.newTypeErrors} new type errors (goal 0), ${sums.notIdempotent} servers changed by a second run (goal 0), ${sums.review} sites left for review, ${sums.cleanServersTouched} clean servers with findings or changes (goal 0)`);
  }
}
summarise('total', totals);
if (heldOutTotals.servers > 0 && heldOutTotals.servers < totals.servers) summarise('held out', heldOutTotals);

for (const { server, typedScore, syntaxScore, added, outcome } of details) {
  const lines = [];
  const show = (label, list, describe) => {
    if (list.length > 0) lines.push(`  ${label}:`, ...list.map((item) => `    ${describe(item)}`));
  };
  show('missed (typed)', typedScore.missed, (site) => `${site.file}:${site.line} ${site.kind} — ${site.reason}`);
  show('false positives (typed)', typedScore.falsePositives, (finding) => `${finding.file}:${finding.line} ${finding.ruleId}`);
  if (values.verbose) {
    show('missed (syntax only)', syntaxScore.missed, (site) => `${site.file}:${site.line} ${site.kind}`);
    show('false positives (syntax only)', syntaxScore.falsePositives, (finding) => `${finding.file}:${finding.line} ${finding.ruleId}`);
  }
  show('new type errors', added ?? [], (error) => error);
  if (outcome) {
    show('wrong rewrites (changed where the survey flags nothing)', outcome.wrong, (change) => `${change.file}:${change.line} ${change.kind}`);
    if (values.verbose) {
      show('left for review', outcome.reviewed, (site) => `${site.file}:${site.line} ${site.kind} — ${site.reason}`);
      show('not touched', outcome.untouched, (site) => `${site.file}:${site.line} ${site.kind} — ${site.reason}`);
    }
  }
  if (lines.length > 0) console.log(`\n${server}\n${lines.join('\n')}`);
}
