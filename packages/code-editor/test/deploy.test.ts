/**
 * The container deployment, without Docker (there is no engine here, and a test builds nothing
 * from the network): the Dockerfile and docker-compose.yml are read and checked, and the image's
 * start-up command (the Dockerfile's CMD: deploy/start.sh) runs twice with the environment
 * compose gives its two replicas, against a local PostgreSQL. A write through one replica is read
 * through the other.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { PACKAGE_DIR, REPOSITORY } from './bin.js';
import { makeTempDir } from './harness.js';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from './support/postgres.js';

const TOKEN = 'c0ffee'.repeat(8);
/** Where the image installs the package (the CMD's script lives there). */
const INSTALLED = '/app/node_modules/@mcp-result-kit/code-editor/';

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions per stage, continuation lines joined, comments dropped. */
function dockerfileStages(text: string): Instruction[][] {
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  const stages: Instruction[][] = [];
  for (const line of lines) {
    const [keyword, ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

interface ComposeService {
  image?: string;
  user?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  secrets?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
}

interface Compose {
  services: Record<string, ComposeService>;
  secrets: Record<string, { file: string }>;
}

const dockerfile = dockerfileStages(fs.readFileSync(path.join(PACKAGE_DIR, 'Dockerfile'), 'utf8'));
const compose = parseYaml(fs.readFileSync(path.join(PACKAGE_DIR, 'docker-compose.yml'), 'utf8')) as Compose;
const finalStage = dockerfile.at(-1) ?? [];
const cmd = JSON.parse(finalStage.find((instruction) => instruction.keyword === 'CMD')?.args ?? 'null') as string[];
const replicas = Object.entries(compose.services).filter(([, service]) => service.build?.dockerfile === 'packages/code-editor/Dockerfile');

describe('the Dockerfile', () => {
  it('builds in one stage and runs in another, as an unprivileged user, with production dependencies only', () => {
    expect(dockerfile.length).toBeGreaterThanOrEqual(2);
    const final = finalStage.map((instruction) => `${instruction.keyword} ${instruction.args}`);
    expect(final.filter((line) => line.startsWith('USER '))).toEqual(['USER node']);
    const installs = final.filter((line) => line.startsWith('RUN ') && /\bnpm (install|ci)\b/.test(line));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toContain('--omit=dev');
    // Nothing but the packed packages comes from the build stage: no sources, no dev tools.
    expect(final.filter((line) => line.startsWith('COPY '))).toEqual(['COPY --from=build /packed/ /tmp/packed/']);
  });

  it("runs the package's deploy/start.sh, which the published package contains", () => {
    expect(cmd).toEqual(['sh', `${INSTALLED}deploy/start.sh`]);
    const [packed] = JSON.parse(spawnSync('npm', ['pack', '--dry-run', '--json'], { cwd: PACKAGE_DIR, encoding: 'utf8' }).stdout) as Array<{ files: Array<{ path: string }> }>;
    const files = packed.files.map((file) => file.path);
    expect(files).toContain('deploy/start.sh');
    expect(files).toContain('dist/bin/mcp-code-editor.js');
    expect(files.filter((file) => file.startsWith('test/') || file.startsWith('src/'))).toEqual([]);
  });
});

describe('docker-compose.yml', () => {
  it('runs Postgres and two replicas of the image, each on its own port, with the token and the database URL from secret files', () => {
    expect(compose.services.postgres.image).toMatch(/^postgres:\d+/);
    expect(replicas.map(([name]) => name)).toHaveLength(2);
    const ports = new Set<string>();
    for (const [name, service] of replicas) {
      const environment = service.environment ?? {};
      expect(path.resolve(PACKAGE_DIR, service.build?.context ?? ''), name).toBe(path.resolve(REPOSITORY));
      expect(service.depends_on?.postgres, name).toEqual({ condition: 'service_healthy' });
      // The port it listens on is the port it publishes, so the Host header clients send is accepted.
      expect(service.ports, name).toEqual([`${environment.MCP_CONTENT_PORT}:${environment.MCP_CONTENT_PORT}`]);
      ports.add(environment.MCP_CONTENT_PORT);
      for (const variable of ['MCP_CONTENT_TOKEN_FILE', 'MCP_CONTENT_DATABASE_URL_FILE']) {
        const secret = path.basename(environment[variable] ?? '');
        expect(environment[variable], `${name} ${variable}`).toBe(`/run/secrets/${secret}`);
        expect(service.secrets, name).toContain(secret);
        expect(compose.secrets[secret]?.file, secret).toMatch(/^\.\/secrets\//);
      }
      expect(Object.keys(environment).filter((variable) => /TOKEN$|PASSWORD$|DATABASE_URL$/.test(variable)), 'no secret in the file itself').toEqual([]);
    }
    expect(ports.size).toBe(2);
  });

  it('runs the replicas as uid 1000 unless MCP_CONTENT_UID / MCP_CONTENT_GID say whose secret files they read, as the README says', () => {
    for (const [name, service] of replicas) expect(service.user, name).toBe('${MCP_CONTENT_UID:-1000}:${MCP_CONTENT_GID:-1000}');
    const readme = fs.readFileSync(path.join(PACKAGE_DIR, 'README.md'), 'utf8');
    expect(readme).toContain('MCP_CONTENT_UID=$(id -u) MCP_CONTENT_GID=$(id -g) docker compose up --build');
  });

  it('keeps the secret files out of git and out of the image build', () => {
    const ignored = spawnSync('git', ['check-ignore', '--quiet', 'secrets/mcp_content_token'], { cwd: PACKAGE_DIR });
    expect(ignored.status, 'secrets/ is git-ignored').toBe(0);
    const dockerignore = fs.readFileSync(path.join(PACKAGE_DIR, 'Dockerfile.dockerignore'), 'utf8').split('\n');
    expect(dockerignore).toContain('**/secrets');
  });
});

interface Replica {
  child: ChildProcess;
  url: string;
  stderr: () => string;
}

describe('the start-up command, run as the two replicas on one Postgres store', () => {
  let database: TestDatabase;
  let dir: string;
  let secrets: { token: string; databaseUrl: string };
  const running: Replica[] = [];

  /** Runs the image's CMD with a replica's compose environment, pointed at the local files and database. */
  function start(environment: Record<string, string>, overrides: Record<string, string> = {}): Promise<Replica | { code: number | null; stderr: string }> {
    const [shell, script] = cmd;
    const local = path.join(PACKAGE_DIR, script.slice(INSTALLED.length));
    const child = spawn(shell, [local], {
      env: {
        ...process.env,
        MCP_CONTENT_DATABASE_URL: undefined,
        MCP_CONTENT_TOKEN: undefined,
        ...environment,
        // Port 0: any free port (the machine's 8081 may be taken); the secrets where compose mounts them.
        MCP_CONTENT_PORT: '0',
        MCP_CONTENT_TOKEN_FILE: secrets.token,
        MCP_CONTENT_DATABASE_URL_FILE: secrets.databaseUrl,
        ...overrides,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    return new Promise((resolve) => {
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        const match = / at http:\/\/[^/]+:(\d+)\/mcp \(bearer token required\)/.exec(stderr);
        if (match) {
          const replica = { child, url: `http://127.0.0.1:${match[1]}/mcp`, stderr: () => stderr };
          running.push(replica);
          resolve(replica);
        }
      });
      child.once('exit', (code) => resolve({ code, stderr }));
    });
  }

  async function startReplica(environment: Record<string, string>): Promise<Replica> {
    const replica = await start(environment);
    if (!('url' in replica)) throw new Error(`the replica did not start (exit ${replica.code}):\n${replica.stderr}`);
    return replica;
  }

  async function connect(replica: Replica, token = TOKEN): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL(replica.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
    const client = new Client({ name: 'deploy-test', version: '1.0.0' });
    await client.connect(transport);
    return client;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = makeTempDir('code-editor-deploy-');
    secrets = { token: path.join(dir, 'mcp_content_token'), databaseUrl: path.join(dir, 'database_url') };
    fs.writeFileSync(secrets.token, `${TOKEN}\n`, { mode: 0o600 });
    fs.writeFileSync(secrets.databaseUrl, database.url, { mode: 0o600 });
  });
  afterAll(async () => {
    for (const replica of running.splice(0)) replica.child.kill('SIGKILL');
    await dropTestDatabase(database);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('two replicas serve one store: a write through one is read, patched and seen through the other', async () => {
    const [a, b] = await Promise.all(replicas.map(([, service]) => startReplica(service.environment ?? {})));
    const first = await connect(a);
    const second = await connect(b);
    try {
      const written = await first.callTool({ name: 'replace_content', arguments: { entity_type: 'module', path: 'shared/config.py', content: 'RETRIES = 3\n' } });
      expect(written.isError, a.stderr()).toBeUndefined();
      const read = await second.callTool({ name: 'get_content', arguments: { entity_type: 'module', path: 'shared/config.py' } });
      expect((read.structuredContent as { content: string }).content).toBe('RETRIES = 3\n');
      const sha = (read.structuredContent as { sha256: string }).sha256;
      const patched = await second.callTool({ name: 'patch_content', arguments: { entity_type: 'module', path: 'shared/config.py', old_string: '3', new_string: '5', expected_sha256: sha } });
      expect(patched.isError, b.stderr()).toBeUndefined();
      // The first replica sees the second's edit, and a write on the version it read before is refused.
      const stale = await first.callTool({ name: 'patch_content', arguments: { entity_type: 'module', path: 'shared/config.py', old_string: '3', new_string: '4', expected_sha256: sha } });
      expect(stale.isError).toBe(true);
      expect(stale.structuredContent).toMatchObject({ error_code: 'conflict' });
      const again = await first.callTool({ name: 'read_content_lines', arguments: { entity_type: 'module', path: 'shared/config.py' } });
      expect((again.content as Array<{ text: string }>)[0].text).toContain('RETRIES = 5');
    } finally {
      await first.close();
      await second.close();
    }
    // Without the token: 401 before anything else answers.
    const anonymous = await fetch(a.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(anonymous.status).toBe(401);
    // The container's SIGTERM reaches node (exec), which closes the store and exits 0.
    const exited = new Promise<number | null>((resolve) => a.child.once('exit', resolve));
    a.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it.each([
    ['no database URL', { MCP_CONTENT_DATABASE_URL_FILE: '' }, /^mcp-code-editor: --postgres without a URL takes it from MCP_CONTENT_DATABASE_URL, which is not set\n$/],
    ['an unreadable database URL file', { MCP_CONTENT_DATABASE_URL_FILE: '/no/such/database_url' }, /^start\.sh: cannot read MCP_CONTENT_DATABASE_URL_FILE \/no\/such\/database_url as uid \d+; if the secret files belong to another user, run the replicas as that user: MCP_CONTENT_UID=\$\(id -u\) MCP_CONTENT_GID=\$\(id -g\) docker compose up\n$/],
    ['a missing token file', { MCP_CONTENT_TOKEN_FILE: '/no/such/token' }, /^start\.sh: cannot read MCP_CONTENT_TOKEN_FILE \/no\/such\/token as uid \d+; .*MCP_CONTENT_UID=\$\(id -u\) MCP_CONTENT_GID=\$\(id -g\) docker compose up\n$/],
  ])('refuses to start with %s: one line, exit 2', async (_, overrides, message) => {
    const outcome = await start(replicas[0][1].environment ?? {}, overrides);
    expect('code' in outcome && outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(message);
  });
});
