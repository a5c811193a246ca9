// Noise as two runs of the same build show it: what differed between them is ignored later, and
// nothing else. Each case: runs a and b recorded, c replayed; `seen` is what a comparison then sees.
import { describe, expect, it } from 'vitest';
import { lineKinds } from '../../cli/probe/line-kinds.js';
import { fitsLine, mergeLine, oneRunTemplate, showTemplate, tokens } from '../../cli/probe/line-template.js';
import { cancelNoise, noiseBetween } from '../../cli/probe/noise.js';
import type { Json } from '../../cli/probe/types.js';

function seen(a: Json, b: Json, c: Json) {
  return cancelNoise(noiseBetween(a, b), a, c);
}

/** True when the replay is noise only: the comparison sees the recorded value. */
const isNoise = (a: Json, b: Json, c: Json) => JSON.stringify(seen(a, b, c).value) === JSON.stringify(a);

describe('tokens and line templates', () => {
  it('cuts numbers with their decimals, ids and words whole', () => {
    expect(tokens('heapUsed: 55.3 MB, id search_1_1795726776919, at 20:59:27')).toEqual(['heapUsed', ':', ' ', '55.3', ' ', 'MB', ',', ' ', 'id', ' ', 'search_1_1795726776919', ',', ' ', 'at', ' ', '20:59:27']);
    expect(tokens('Runtime: 322ms')).toEqual(['Runtime', ':', ' ', '322ms']);
  });

  it('makes a gap where two lines differ, as wide as what filled it', () => {
    const template = mergeLine(tokens('• Total calls: 44 (26 successful, 18 failed)'), '• Total calls: 72 (40 successful, 32 failed)')!;
    expect(showTemplate(template)).toBe('• Total calls: <number> (<number> successful, <number> failed)');
    expect(fitsLine(template, '• Total calls: 100 (58 successful, 42 failed)')).toBe(true);
    expect(fitsLine(template, '• Total calls: 100 (58 successful, 42 failed, 3 crashed)')).toBe(false);
    expect(fitsLine(template, '• Total calls: many (58 successful, 42 failed)')).toBe(false);
  });

  it('a line seen in one run keeps its words and lets its values vary', () => {
    expect(showTemplate(oneRunTemplate('"filesystemOperations": 0,'))).toBe('"filesystemOperations": <number>,');
  });
});

describe('line kinds', () => {
  it('puts list lines that differ in their values and names in one kind, and keeps other lines apart', () => {
    const lines = ['PID: 1, Command: [kthreadd], CPU: 0.0', 'PID: 2, Command: [kworker/R-rcu_gp], CPU: 0.1', 'PID: 3, Command: node /srv/app/index.js --port 80, CPU: 4.2', 'Total calls: 5', 'Total errors: 5'];
    const { kinds, kindOf } = lineKinds(lines.map((line, index) => ({ line, run: index % 2 === 0 ? 0 : 1 })));
    expect(kindOf[0]).toBe(kindOf[1]);
    expect(kindOf[1]).toBe(kindOf[2]);
    expect(kindOf[3]).not.toBe(kindOf[4]);
    expect(showTemplate(kinds[kindOf[0]].template)).toBe('PID: <number>, Command: <text>, CPU: <number>');
  });
});

describe('noise in text', () => {
  it('cancels counters wherever they fall in their line', () => {
    const stats = (calls: number, ok: number, failed: number) => `📊 Usage\n• Total calls: ${calls} (${ok} successful, ${failed} failed)\n• Days using: 0`;
    expect(seen(stats(44, 26, 18), stats(72, 40, 32), stats(100, 58, 42))).toEqual({ value: stats(44, 26, 18), masked: 1 });
  });

  it('compares exactly what was equal in both runs', () => {
    const line = (calls: number, errors: number) => `Total calls: ${calls}, errors: ${errors}`;
    expect(isNoise(line(5, 0), line(7, 0), line(9, 0))).toBe(true);
    expect(isNoise(line(5, 0), line(7, 0), line(9, 1))).toBe(false);
    const stats = (calls: number, days: number) => `Total calls: ${calls}\nDays using: ${days}\nstatus: ok`;
    expect(isNoise(stats(5, 0), stats(7, 0), stats(9, 1))).toBe(false);
    expect(seen(stats(5, 0), stats(7, 0), stats(9, 0).replace('ok', 'degraded')).value).toBe(stats(5, 0).replace('ok', 'degraded'));
  });

  it('cancels decimals that varied (memory in MB), not a word after them', () => {
    const memory = (mb: string) => `"heapUsed": "${mb} MB",`;
    expect(isNoise(memory('55.3'), memory('55.9'), memory('57.12'))).toBe(true);
    expect(isNoise(memory('55.3'), memory('55.9'), memory('57.12 GB'))).toBe(false);
  });

  it('lets a measurement that read the same in both runs move with the figures beside it; a count without a unit stays exact', () => {
    const usage = (calls: number, ok: number, rate: number, days: number) => `📊 Usage\n• Total calls: ${calls} (${ok} successful)\n• Success rate: ${rate}%\n• Days using: ${days}\n• Feedback given: No`;
    // 61% at both recorded starts (rounded ratios of growing counters), 62% at the replay.
    expect(isNoise(usage(44, 27, 61, 0), usage(72, 44, 61, 0), usage(100, 62, 62, 0))).toBe(true);
    expect(isNoise(usage(44, 27, 61, 0), usage(72, 44, 61, 0), usage(100, 62, 62, 1))).toBe(false);
    expect(isNoise(usage(44, 27, 61, 0), usage(72, 44, 61, 0), usage(100, 62, 62, 0).replace('No', 'Yes'))).toBe(false);
    // Nothing numeric moved (only an id): the percentage is compared exactly.
    const session = (id: string, load: number) => `Session: ${id}\nLoad: ${load}%`;
    expect(isNoise(session('s_a1', 50), session('s_b2', 50), session('s_c3', 60))).toBe(false);
  });

  it('lets a size in an object move when its siblings moved (a heap total), not its unit, and not a plain count', () => {
    const memory = (rss: string, heapTotal: string, heapUsed: string) => ({ memory: { rss: `${rss} MB`, heapTotal: `${heapTotal} MB`, heapUsed: `${heapUsed} MB` }, pid: 7 });
    expect(isNoise(memory('136.00', '79.52', '50.10'), memory('137.20', '79.52', '51.30'), memory('140.00', '80.02', '55.00'))).toBe(true);
    expect(isNoise(memory('136.00', '79.52', '50.10'), memory('137.20', '79.52', '51.30'), memory('140.00', '80.02 GB', '55.00'))).toBe(false);
    const counts = (calls: number, failed: number) => ({ calls, failed });
    expect(isNoise(counts(5, 0), counts(7, 0), counts(9, 1))).toBe(false);
    // In text, as a server prints its config: the same rule, line by line.
    const config = (value: ReturnType<typeof memory>) => `Current configuration:\n${JSON.stringify(value, null, 2)}`;
    expect(isNoise(config(memory('136.00', '79.52', '50.10')), config(memory('137.20', '79.52', '51.30')), config(memory('140.00', '80.02', '55.00')))).toBe(true);
  });

  it('cancels a session id that differed, and only the id', () => {
    const session = (id: string) => `Session: ${id}\n  Type: files\n  Status: COMPLETED`;
    expect(isNoise(session('search_1_1795726776919'), session('search_1_1795726806989'), session('search_1_1795729999999'))).toBe(true);
    expect(isNoise(session('search_1_1795726776919'), session('search_1_1795726806989'), session('search_1_1795729999999').replace('COMPLETED', 'FAILED'))).toBe(false);
  });

  it('takes a list whose members and length varied as a set of kinds of lines', () => {
    const processes = (...names: string[]) => names.map((name, index) => `PID: <pid>, Command: ${name}, CPU: ${index}.0, Memory: 0.1`).join('\n');
    const a = processes('[kthreadd]', '[kworker/u8:0-ext4]', 'node server.js', '[ksoftirqd/0]');
    const b = processes('[kthreadd]', '[kworker/u8:2-writeback]', '[ksoftirqd/0]');
    expect(isNoise(a, b, processes('[kthreadd]', '[kworker/u8:0-writeback]', '/usr/bin/node /srv/vitest run --pool forks', '[ksoftirqd/0]', '[kswapd0]'))).toBe(true);
    const broken = `${processes('[kthreadd]', '[kswapd0]')}\nError: ps exited with code 1`;
    const replay = seen(a, b, broken);
    expect(replay.value).not.toBe(a);
    expect(String(replay.value).split('\n')[0]).toBe('Error: ps exited with code 1');
  });

  it('still wants the lines both runs had around a list, and a list where both runs had one', () => {
    const listing = (...items: string[]) => ['Active searches:', ...items.map((item) => `Session: ${item}`), 'End of list'].join('\n');
    const [a, b] = [listing('search_1_11', 'search_2_12'), listing('search_1_31')];
    expect(isNoise(a, b, listing('search_1_51', 'search_2_52', 'search_3_53'))).toBe(true);
    expect(isNoise(a, b, listing())).toBe(false);
    expect(isNoise(a, b, listing('search_1_51').replace('End of list', ''))).toBe(false);
    expect(isNoise(a, b, listing('search_1_51').replace('Active searches:', 'Active searches (1):'))).toBe(false);
  });

  it('a kind of line both runs had must be there again', () => {
    const history = (count: number, ...extra: string[]) => [`${count} results`, ...Array.from({ length: count }, (_, index) => `call ${index}: get_config`), ...extra].join('\n');
    expect(isNoise(history(2), history(3), history(5))).toBe(true);
    expect(isNoise(history(2, 'Totals: 2'), history(3, 'Totals: 3'), history(5))).toBe(false);
  });

  it('a block that came and went (a key one run had) may come again with other values, but not with new keys', () => {
    const config = (stats?: string) => ['Current configuration:', '{', '  "defaultShell": "bash",', ...(stats ? [stats] : []), '  "version": "0.2.46"', '}'].join('\n');
    const [a, b] = [config(), config('  "usageStats": { "filesystemOperations": 0, "totalToolCalls": 2 },')];
    expect(isNoise(a, b, config('  "usageStats": { "filesystemOperations": 16, "totalToolCalls": 50 },'))).toBe(true);
    expect(isNoise(a, b, config('  "usageStats": { "filesystemOperations": 16, "totalToolCalls": 50, "crashes": 1 },'))).toBe(false);
    expect(isNoise(a, b, config().replace('"bash"', '"zsh"'))).toBe(false);
  });

  it('keeps the order of kinds when both runs had one order', () => {
    const run = (x: number, y: number) => `alpha: ${x}\nbeta: ${y}`;
    expect(isNoise(run(1, 2), run(3, 4), run(5, 6))).toBe(true);
    expect(isNoise(run(1, 2), run(3, 4), 'beta: 6\nalpha: 5')).toBe(false);
  });

  it('cancels shuffled lines, but not a changed one', () => {
    expect(seen('x\ny\nz', 'z\nx\ny', 'y\nz\nx')).toEqual({ value: 'x\ny\nz', masked: 1 });
    expect(isNoise('x\ny\nz', 'z\nx\ny', 'y\nz\nw')).toBe(false);
  });
});

describe('noise in structured values', () => {
  it('cancels a random id by property, not the whole object', () => {
    const a = { id: 'q81', name: 'ledger', count: 3 };
    const b = { id: 'z02', name: 'ledger', count: 3 };
    expect(seen(a, b, { id: 'k77', name: 'ledger', count: 3 })).toEqual({ value: a, masked: 1 });
    expect(seen(a, b, { id: 'k77', name: 'ledger', count: 4 }).value).toEqual({ id: 'q81', name: 'ledger', count: 4 });
  });

  it('takes an array whose members varied as kinds of items: a new member of a known kind is noise, a new key is not', () => {
    const process = (pid: number, name: string, cpu: number) => ({ pid, name, cpu });
    const a = [process(1, 'init', 0), process(40, 'node', 3.5)];
    const b = [process(1, 'init', 0), process(52, 'node', 1.2), process(60, 'npm', 0.4)];
    expect(isNoise(a, b, [process(1, 'init', 0), process(77, 'vitest', 9.9)])).toBe(true);
    expect(isNoise(a, b, [process(1, 'init', 0), { ...process(77, 'vitest', 9.9), state: 'zombie' }])).toBe(false);
    expect(isNoise(a, b, [])).toBe(false);
  });

  it('reads JSON text as JSON: a varying field does not hide a change in another', () => {
    const text = (id: number, state: string) => JSON.stringify({ requestId: id, state }, null, 2);
    expect(seen(text(1, 'ok'), text(2, 'ok'), text(3, 'ok')).value).toBe(text(1, 'ok'));
    expect(seen(text(1, 'ok'), text(2, 'ok'), text(3, 'failed')).value).toBe(text(3, 'failed'));
  });

  it('keeps what the replay gained outside the noise (isError, structuredContent)', () => {
    const result = (n: number) => ({ content: [{ type: 'text', text: `Total calls: ${n}` }] });
    const replay = { content: [{ type: 'text', text: 'Total calls: 90' }], isError: true };
    expect(seen(result(1), result(2), replay).value).toEqual({ content: [{ type: 'text', text: 'Total calls: 1' }], isError: true });
  });

  it('a property present in only one run may come and go', () => {
    expect(seen({ a: 1, warning: 'slow' }, { a: 1 }, { a: 1 }).value).toEqual({ a: 1, warning: 'slow' });
  });

  it('finds nothing when the two runs agree', () => {
    expect(noiseBetween({ a: [1, 'x'] }, { a: [1, 'x'] })).toBeUndefined();
  });
});

describe('arrays of one length', () => {
  it('compares records place by place when each place holds one record with noise', () => {
    const entry = (id: string, at: number, state = 'ok') => ({ id, at, state });
    const [a, b] = [[entry('backup', 1), entry('rotate', 2)], [entry('backup', 7), entry('rotate', 8)]];
    expect(isNoise(a, b, [entry('backup', 9), entry('rotate', 10)])).toBe(true);
    expect(isNoise(a, b, [entry('backup', 9), entry('rotate', 10, 'failed')])).toBe(false);
  });

  it('takes a list whose members differed as members though both runs had as many (a process list)', () => {
    const process = (pid: number, name: string, cpu: number) => ({ pid, name, cpu });
    const a = [process(1, 'init', 0), process(40, 'node server.js', 3.5), process(41, 'kworker/u8:0', 0.1)];
    const b = [process(1, 'init', 0), process(52, 'node server.js', 1.2), process(60, 'postgres: writer', 0.4)];
    expect(isNoise(a, b, [process(1, 'init', 0), process(77, 'node server.js', 9.9)])).toBe(true);
  });
});
