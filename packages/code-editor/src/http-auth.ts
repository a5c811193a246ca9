/**
 * Bearer-token authentication for the HTTP transport, in the shape the MCP authorization spec
 * gives clients (`Authorization: Bearer <token>` on every request, 401 with `WWW-Authenticate:
 * Bearer` otherwise), so standard clients can send it.
 *
 * One static token, compared in constant time. It is read from a file or an environment
 * variable by the CLIs, never taken as a command-line value (argv is visible to every user in
 * `ps`). It proves the caller knows the token; it does not encrypt anything: over plain HTTP
 * the token and the content cross the network in clear, so TLS belongs in front (a reverse
 * proxy).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';

/** The environment variable the CLIs read the token from. */
export const TOKEN_ENV = 'MCP_CONTENT_TOKEN';
/** Long enough that guessing is hopeless without rate limiting: `openssl rand -hex 32` gives 64. */
export const MIN_TOKEN_LENGTH = 32;
/** RFC 6750's b64token: what may follow "Bearer " in a header without quoting. */
const B64_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

export class TokenError extends Error {
  override readonly name = 'TokenError';
}

/** Whether a bind address only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare.toLowerCase() === 'localhost') return true;
  if (net.isIPv4(bare)) return bare.split('.')[0] === '127';
  if (net.isIPv6(bare)) {
    const lower = bare.toLowerCase();
    if (lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    return mapped !== null && mapped[1].split('.')[0] === '127';
  }
  // Any other name may resolve to a public interface.
  return false;
}

/** Throws TokenError unless `token` is usable as a bearer token. */
export function checkToken(token: string, source: string): string {
  if (token.length === 0) throw new TokenError(`${source} is empty; put a random token in it, e.g. openssl rand -hex 32`);
  if (!B64_TOKEN.test(token)) {
    throw new TokenError(`${source} may only contain letters, digits and - . _ ~ + / (then = padding), as a bearer token must; e.g. openssl rand -hex 32`);
  }
  if (token.length < MIN_TOKEN_LENGTH) {
    throw new TokenError(`${source} is ${token.length} characters; use at least ${MIN_TOKEN_LENGTH}, e.g. openssl rand -hex 32`);
  }
  return token;
}

export interface TokenFile {
  token: string;
  /** Set when other users can read the file. */
  warning?: string;
}

/** Reads a token file: its first line, surrounding whitespace dropped. */
export function readTokenFile(file: string): TokenFile {
  let text: string;
  let mode: number;
  try {
    text = fs.readFileSync(file, 'utf8');
    mode = fs.statSync(file).mode;
  } catch (error) {
    throw new TokenError(`cannot read token file ${file}: ${(error as Error).message}`);
  }
  const token = checkToken((text.split(/\r?\n/, 1)[0] ?? '').trim(), `token file ${file}`);
  const warning = (mode & 0o077) !== 0 ? `token file ${file} is readable by other users (mode ${(mode & 0o777).toString(8)}); chmod 600 it` : undefined;
  return { token, warning };
}

/**
 * Where the CLIs take the token from: `--token-file`, or the environment variable. Both at once
 * is ambiguous and refused.
 */
export function resolveToken(tokenFile: string | undefined, env: NodeJS.ProcessEnv): TokenFile | undefined {
  const fromEnv = env[TOKEN_ENV];
  if (tokenFile !== undefined && fromEnv !== undefined) {
    throw new TokenError(`both --token-file and ${TOKEN_ENV} are set; use one`);
  }
  if (tokenFile !== undefined) return readTokenFile(tokenFile);
  if (fromEnv !== undefined) return { token: checkToken(fromEnv.trim(), TOKEN_ENV) };
  return undefined;
}

export type AuthVerdict = 'ok' | 'missing' | 'invalid';

/** A request checker for one token; comparison time does not depend on where the tokens differ. */
export function bearerCheck(token: string): (request: http.IncomingMessage) => AuthVerdict {
  // Hashing first gives equal-length inputs, which timingSafeEqual needs, and hides the length.
  const expected = createHash('sha256').update(token).digest();
  return (request) => {
    const header = request.headers.authorization;
    if (header === undefined) return 'missing';
    const match = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
    if (!match) return 'invalid';
    const given = createHash('sha256').update(match[1]).digest();
    return timingSafeEqual(given, expected) ? 'ok' : 'invalid';
  };
}

/** RFC 6750: a challenge on every 401; `invalid_token` only when a token was presented. */
export function challengeHeader(verdict: Exclude<AuthVerdict, 'ok'>): string {
  return verdict === 'missing' ? 'Bearer realm="mcp-result-kit"' : 'Bearer realm="mcp-result-kit", error="invalid_token"';
}
