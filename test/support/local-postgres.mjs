// A throwaway PostgreSQL server for the tests and the bench: initdb + pg_ctl in a folder of our
// own, on a free local port, stopped afterwards. Nothing is mocked: it is the real server from
// Debian's `postgresql` package (or any PostgreSQL whose initdb/pg_ctl can be found).
//
// initdb refuses to run as root, and CI runs as root. As root the server runs as the `postgres`
// system user that the Debian package creates (through runuser); its folder is handed to that
// user. As any other user it runs as that user.
//
// Plain JavaScript so bench/*.mjs can use it without a build; types in local-postgres.d.mts.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const INSTALL_HINT =
  'install the server (Debian: apt-get install -y postgresql) or set MCP_TEST_PG_BIN to the folder holding initdb and pg_ctl';

/** The folder with initdb and pg_ctl: MCP_TEST_PG_BIN, Debian's /usr/lib/postgresql/<newest>/bin, or PATH. */
export function findPostgresBin() {
  const candidates = [];
  if (process.env.MCP_TEST_PG_BIN) candidates.push(process.env.MCP_TEST_PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).filter((name) => /^\d+$/.test(name)).sort((left, right) => Number(right) - Number(left));
    candidates.push(...versions.map((version) => path.join(debian, version, 'bin')));
  }
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) if (folder) candidates.push(folder);
  const found = candidates.find((folder) => fs.existsSync(path.join(folder, 'initdb')) && fs.existsSync(path.join(folder, 'pg_ctl')));
  if (!found) throw new Error(`PostgreSQL server programs (initdb, pg_ctl) not found: ${INSTALL_HINT}`);
  return found;
}

function systemUser(name) {
  const run = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  if (run.status !== 0) return undefined;
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  return { name, uid: Number(run.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Runs a server program, as the `postgres` user when we are root. */
function runAs(owner, program, args) {
  const [command, commandArgs] = owner ? ['runuser', ['-u', owner.name, '--', program, ...args]] : [program, args];
  const run = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (run.status !== 0) {
    throw new Error(`${path.basename(program)} failed (exit ${run.status}): ${(run.stderr || run.stdout || String(run.error ?? '')).trim()}`);
  }
  return run.stdout;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function chownTree(target, owner) {
  fs.chownSync(target, owner.uid, owner.gid);
  if (fs.statSync(target).isDirectory()) for (const entry of fs.readdirSync(target)) chownTree(path.join(target, entry), owner);
}

/**
 * Creates a cluster in `dir` (which must exist and be empty) and starts it. `durable: false`
 * turns fsync off (tests); the bench keeps fsync on and turns synchronous_commit off, which is
 * what SQLite's WAL + synchronous=NORMAL gives (consistent after a crash, last commits may go).
 * Returns { dir, port, adminUrl, bin }.
 */
export async function startLocalPostgres(dir, { durable = false } = {}) {
  const bin = findPostgresBin();
  const owner = process.getuid?.() === 0 ? systemUser('postgres') : undefined;
  if (process.getuid?.() === 0 && !owner) {
    throw new Error(`running as root, and initdb refuses root: no 'postgres' system user to run the server as; ${INSTALL_HINT}`);
  }
  const data = path.join(dir, 'data');
  const password = randomBytes(18).toString('hex');
  fs.writeFileSync(path.join(dir, 'password'), `${password}\n`, { mode: 0o600 });
  if (owner) chownTree(dir, owner);
  runAs(owner, path.join(bin, 'initdb'), [
    '-D', data, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${path.join(dir, 'password')}`,
    '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions',
  ]);
  const settings = durable ? ['-c', 'synchronous_commit=off'] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
  // A port free a moment ago may be taken by the time the server binds; try a few.
  let lastError;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const options = ['-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', 'max_connections=200', ...settings];
    try {
      runAs(owner, path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '120', '-o', options.map(quoteOption).join(' '), 'start']);
      const server = { dir, port, bin, adminUrl: `postgresql://postgres:${password}@127.0.0.1:${port}/postgres` };
      fs.writeFileSync(path.join(dir, 'server.json'), JSON.stringify(server));
      return server;
    } catch (error) {
      lastError = error;
    }
  }
  const log = fs.existsSync(path.join(dir, 'server.log')) ? fs.readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-2000) : '';
  throw new Error(`could not start PostgreSQL: ${lastError?.message}\n${log}`);
}

function quoteOption(option) {
  return /^[\w=.,/-]+$/.test(option) ? option : `'${option.replaceAll("'", "'\\''")}'`;
}

/** The server started in `dir`, if one is running. */
export function runningLocalPostgres(dir) {
  const file = path.join(dir, 'server.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

/** Stops the server started in `dir` (if any); the caller removes the folder. */
export function stopLocalPostgres(dir) {
  const server = runningLocalPostgres(dir);
  if (!server) return;
  const owner = process.getuid?.() === 0 ? systemUser('postgres') : undefined;
  // fast: disconnect clients and stop now; nothing in a throwaway cluster needs a checkpoint.
  try {
    runAs(owner, path.join(server.bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
  } catch (error) {
    // Already stopped (e.g. killed): nothing left to do but say so.
    if (!/not running|No such file/i.test(error.message)) throw error;
  }
  fs.rmSync(path.join(dir, 'server.json'), { force: true });
}

/** The admin URL with another database name. */
export function urlFor(server, database) {
  const url = new URL(server.adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
