/**
 * What the command line (`mcp-code-editor`, and `mcp-result-kit serve` forwarding to it) takes
 * from the environment: secrets stay out of argv, which every user of the machine can read with `ps`.
 *
 *   MCP_CONTENT_TOKEN         bearer token for --http (or --token-file <file>)
 *   MCP_CONTENT_DATABASE_URL  Postgres connection URL; selects the Postgres store when no
 *                             other store flag is given, and is what a bare `--postgres` uses
 */
import { resolveToken, TokenError } from './http-auth.js';
import { CodeEditorServerError, type CodeEditorServerOptions } from './serve.js';

export const DATABASE_URL_ENV = 'MCP_CONTENT_DATABASE_URL';

export interface CliSecretFlags {
  db?: string;
  root?: string;
  /** A URL, or true for a bare `--postgres` (URL from the environment). */
  postgres?: string | true;
  tokenFile?: string;
  /** Whether --http was given: a token in the environment is only used then. */
  http: boolean;
}

export interface CliSecrets {
  options: Pick<CodeEditorServerOptions, 'postgres' | 'token'>;
  /** Things worth a line on stderr, e.g. a token file other users can read. */
  warnings: string[];
}

export function secretsFromCli(flags: CliSecretFlags, env: NodeJS.ProcessEnv): CliSecrets {
  const options: CliSecrets['options'] = {};
  const warnings: string[] = [];
  const fromEnv = env[DATABASE_URL_ENV] === '' ? undefined : env[DATABASE_URL_ENV];
  if (flags.postgres === true) {
    if (fromEnv === undefined) {
      throw new CodeEditorServerError('invalid_options', `--postgres without a URL takes it from ${DATABASE_URL_ENV}, which is not set`);
    }
    options.postgres = fromEnv;
  } else if (flags.postgres !== undefined) {
    options.postgres = flags.postgres;
  } else if (fromEnv !== undefined && flags.db === undefined && flags.root === undefined) {
    options.postgres = fromEnv;
  }
  try {
    // An exported token must not stop a stdio server from starting; --token-file without --http
    // is still refused by startCodeEditorServer.
    const token = resolveToken(flags.tokenFile, flags.http ? env : {});
    if (token) {
      options.token = token.token;
      if (token.warning) warnings.push(token.warning);
    }
  } catch (error) {
    if (error instanceof TokenError) throw new CodeEditorServerError('invalid_options', error.message);
    throw error;
  }
  return { options, warnings };
}
