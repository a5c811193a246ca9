/**
 * Test databases on a real PostgreSQL server: the first caller in a test run starts the server
 * (under a lock, since test files run in several processes) and every caller gets a fresh
 * database of its own, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { inject } from 'vitest';
import { runningLocalPostgres, startLocalPostgres, urlFor, type LocalPostgres } from '../../../../test/support/local-postgres.mjs';

export interface TestDatabase {
  name: string;
  /** postgresql://postgres:<password>@127.0.0.1:<port>/<name> */
  url: string;
  server: LocalPostgres;
}

async function sharedServer(): Promise<LocalPostgres> {
  const dir = inject('postgresDir');
  const running = runningLocalPostgres(dir);
  if (running) return running;
  // initdb blocks this process's event loop for seconds, so the lock's refresh cannot run: give
  // it a stale time far beyond any start-up, and wait as long for another process's start.
  const release = await lockfile.lock(dir, {
    lockfilePath: path.join(dir, 'start.lock'),
    stale: 300_000,
    retries: { retries: 1200, minTimeout: 100, maxTimeout: 250 },
  });
  try {
    return runningLocalPostgres(dir) ?? (await startLocalPostgres(dir));
  } finally {
    await release();
  }
}

async function adminQuery(server: LocalPostgres, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const server = await sharedServer();
  const name = `mrk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(server, `CREATE DATABASE ${name}`);
  return { name, url: urlFor(server, name), server };
}

export async function dropTestDatabase(database: TestDatabase): Promise<void> {
  // FORCE: a server process under test may still hold a connection while it shuts down.
  await adminQuery(database.server, `DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
}
