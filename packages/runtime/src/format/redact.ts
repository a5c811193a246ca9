/**
 * Best-effort secret masking for tool output. Pattern-based, so it catches the common shapes
 * (provider key prefixes, bearer tokens, JWTs, `SECRET=value` pairs); it is a safety net, not a
 * guarantee — do not rely on it to make arbitrary data safe to show.
 */
import { requireString } from './validate.js';

export const REDACTED = '[REDACTED]';

/** Whole tokens that are secrets by their shape alone. */
const TOKEN_PATTERNS: RegExp[] = [
  // OpenAI / Anthropic style keys: sk-..., sk-proj-..., sk-ant-...
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  // GitHub tokens: classic (ghp_, gho_, ghu_, ghs_, ghr_) and fine-grained (github_pat_)
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g,
  // Slack tokens: xoxb-, xoxp-, xoxa-, xoxr-, xoxs-
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  // AWS access key ids (long-term AKIA, temporary ASIA)
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  // JWTs: base64url header and payload, both JSON objects, so both start with "eyJ"
  /\beyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
];

/**
 * `Authorization: <scheme> <credential>` headers (any scheme): keep the scheme. The lookahead +
 * backreference makes the scheme group atomic, so an already-masked header is not re-matched
 * with the scheme word taken as the credential.
 */
const AUTH_HEADER =
  /\b(authorization["']?\s*[:=]\s*["']?)(?=((?:(?:bearer|basic|token|bot)\s+)?))\2(?!\[REDACTED\])[^\s"',;]+/gi;

/** A bare `Bearer <token>`; 16+ characters so prose like "Bearer tokens" is left alone. */
const BEARER = /\b(bearer)\s+[A-Za-z0-9\-._~+/]{16,}=*/gi;

/** `scheme://user:password@host`: keep the user and host. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+@/gi;

/** PEM private key blocks: keep the armour lines so it is clear what was removed. */
const PRIVATE_KEY = /(-----BEGIN [A-Z ]*PRIVATE KEY-----)[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----)/g;

/**
 * `KEY=value`, `KEY: value`, `"key": "value"` where the key *ends* in a secret-sounding word,
 * so `GITHUB_TOKEN` and `client_secret` match but `max_tokens` and `author` do not.
 */
const SECRET_PAIR = new RegExp(
  String.raw`(?<![\w.-])(["']?)([\w.-]*?(?:token|secret|password|passwd|passphrase|api[_-]?key|apikey|access[_-]?key|private[_-]?key|secret[_-]?key|client[_-]?secret|credentials?|auth))\1(\s*[:=]\s*)(\[REDACTED\]|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[^\s"',;&}\]]+)`,
  'gi',
);

/** JSON literals are not secrets; leaving them keeps `"token": null` readable. */
const LITERALS = new Set(['null', 'true', 'false']);

function maskPair(match: string, quote: string, key: string, separator: string, value: string): string {
  if (LITERALS.has(value)) return match;
  const open = value[0];
  const masked = open === '"' || open === "'" ? `${open}${REDACTED}${open}` : REDACTED;
  return `${quote}${key}${quote}${separator}${masked}`;
}

/**
 * Mask secrets in `text`, replacing each with `[REDACTED]`. Key/value pairs keep their key (and
 * quotes); auth headers keep their scheme. Idempotent: `[REDACTED]` values are left as they are.
 */
export function redactSecrets(text: string): string {
  requireString('redactSecrets', 'text', text);
  let out = text.replace(PRIVATE_KEY, `$1\n${REDACTED}\n$2`);
  out = out.replace(AUTH_HEADER, `$1$2${REDACTED}`);
  out = out.replace(BEARER, `$1 ${REDACTED}`);
  out = out.replace(URL_PASSWORD, `$1${REDACTED}@`);
  for (const pattern of TOKEN_PATTERNS) out = out.replace(pattern, REDACTED);
  return out.replace(SECRET_PAIR, maskPair);
}
