/**
 * A catastrophic pattern cannot stall the server: the search is stopped at its deadline, other
 * calls are served meanwhile, and the next search works. The pattern never ends on its own, so only
 * the deadline ends it; the deadline is long (10 s) so that a busy machine still serves the other
 * call before it, and nothing here measures time.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataOf, seed, startHarness, STORE_KINDS, textOf, type Harness } from './harness.js';

const DEADLINE_MS = 10_000;

describe.each(STORE_KINDS)('catastrophic regex on the %s store', (kind) => {
  let harness: Harness;
  beforeEach(async () => {
    harness = await startHarness(kind, { search: { timeoutMs: DEADLINE_MS } });
    // Exponential backtracking for (a+)+$: long runs of 'a' that end in something else.
    const evilLine = `${'a'.repeat(4000)}!`;
    await seed(harness.store, [
      { key: { entityType: 'text', path: 'evil.txt' }, content: `${evilLine}\n${evilLine}\n` },
      { key: { entityType: 'module', path: 'ok.py' }, content: 'def ok(): pass\n' },
    ]);
  });
  afterEach(async () => {
    await harness.close();
  });

  it('(a+)+$ returns an isError result at the deadline, while list_content is still served', async () => {
    let searchFinished = false;
    const search = harness.call('search_content', { pattern: '(a+)+$' }).then((result) => {
      searchFinished = true;
      return result;
    });
    const listed = await harness.call('list_content', {});
    expect(listed.isError).not.toBe(true);
    expect(dataOf(listed).count).toBe(2);
    // Served while the regex was still running, not after it.
    expect(searchFinished).toBe(false);

    const result = await search;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Error: the pattern took longer than 10000 ms and the search was stopped\. Simplify the regex/);
    expect(dataOf(result).error_code).toBe('timeout');

    // The pool replaced the terminated workers: the next search works.
    const after = await harness.call('search_content', { pattern: 'def ok' });
    expect(dataOf(after).total_matches).toBe(1);
  });
});
