// Noise as two runs of the same build show it: what differed is ignored later, nothing else.
import { describe, expect, it } from 'vitest';
import { cancelNoise, fitsTemplate, noiseBetween } from '../../src/probe/noise.js';
import type { Json } from '../../src/probe/types.js';

/** The recording's noise from runs a and b, applied to a replay c: what a comparison would see. */
function seen(a: Json, b: Json, c: Json) {
  return cancelNoise(noiseBetween(a, b), a, c);
}

describe('noiseBetween', () => {
  it('finds nothing when the two runs agree', () => {
    expect(noiseBetween({ a: [1, 'x'] }, { a: [1, 'x'] })).toBeUndefined();
  });

  it('cancels a counter in text, and only the counter', () => {
    expect(seen('Total calls: 22\nstatus: ok', 'Total calls: 23\nstatus: ok', 'Total calls: 78\nstatus: ok')).toEqual({ value: 'Total calls: 22\nstatus: ok', masked: 1 });
    expect(seen('Total calls: 22\nstatus: ok', 'Total calls: 23\nstatus: ok', 'Total calls: 78\nstatus: degraded').value).toBe('Total calls: 22\nstatus: degraded');
    expect(seen('Total calls: 22', 'Total calls: 23', 'Total errors: 78').value).toBe('Total errors: 78');
  });

  it('does not let a gap within a line swallow a new line', () => {
    const recorded = 'Total calls: 22';
    expect(seen(recorded, 'Total calls: 23', 'Total calls: 24\nError: disk full').value).toBe('Total calls: 24\nError: disk full');
  });

  it('cancels a list whose length varies (a call history) when its lines varied', () => {
    const history = (count: number) => [`${count} results`, ...Array.from({ length: count }, (_, index) => `call ${index}`)].join('\n');
    expect(seen(history(20), history(21), history(50)).value).toBe(history(20));
  });

  it('cancels a shuffled array and shuffled lines, but not a changed item', () => {
    expect(seen(['a', 'b', 'c'], ['c', 'a', 'b'], ['b', 'c', 'a'])).toEqual({ value: ['a', 'b', 'c'], masked: 1 });
    expect(seen(['a', 'b', 'c'], ['c', 'a', 'b'], ['b', 'c', 'd']).value).toEqual(['b', 'c', 'd']);
    expect(seen('x\ny\nz', 'z\nx\ny', 'y\nz\nx').value).toBe('x\ny\nz');
  });

  it('cancels a random id in structured content by property, not the whole object', () => {
    const a = { id: 'q81', name: 'ledger', count: 3 };
    const b = { id: 'z02', name: 'ledger', count: 3 };
    expect(seen(a, b, { id: 'k77', name: 'ledger', count: 3 })).toEqual({ value: a, masked: 1 });
    expect(seen(a, b, { id: 'k77', name: 'ledger', count: 4 }).value).toEqual({ id: 'q81', name: 'ledger', count: 4 });
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
});

describe('fitsTemplate', () => {
  it('matches parts in order with gaps, the last part at the end', () => {
    expect(fitsTemplate(['a ', ' b'], [true], 'a 12 b')).toBe(true);
    expect(fitsTemplate(['a ', ' b'], [true], 'a 12 b!')).toBe(false);
    expect(fitsTemplate(['a ', ' b'], [true], 'x 12 b')).toBe(false);
    expect(fitsTemplate(['a', 'b'], [true], 'a\nb')).toBe(false);
    expect(fitsTemplate(['a', 'b'], [false], 'a\nb')).toBe(true);
  });
});

describe('line by line', () => {
  it('cancels a noisy line and keeps a real change in another line in view', () => {
    const run = (uptime: number, status: string) => `Total calls: 3\nUptime: ${uptime} ms\nstatus: ${status}`;
    expect(seen(run(10, 'ok'), run(20, 'ok'), run(30, 'degraded'))).toEqual({ value: 'Total calls: 3\nUptime: 10 ms\nstatus: degraded', masked: 1 });
  });

  it('takes a random id as one token, not as characters it shares by chance', () => {
    expect(seen('session dbab1f486vv0', 'session 642ea6c3e8d8', 'session 6aa3f833z9c2').value).toBe('session dbab1f486vv0');
  });
});
