/**
 * A transport wrapper that keeps the raw JSON-RPC response to every tools/call request. The SDK
 * Client parses a result against its schema (and rejects one that is not a CallToolResult, such as
 * a raw string); the judge needs what the server really sent, so it reads it here.
 */
import type { Transport, TransportSendOptions } from '@mcp-result-kit/mcp-sdk/shared/transport.js';
import type { JSONRPCMessage } from '@mcp-result-kit/mcp-sdk/types.js';

type RequestId = string | number;

/** A JSON-RPC response as it came: a result or an error. */
export type RawResponse = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

export class TapTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  private readonly watched = new Set<RequestId>();
  private readonly responses = new Map<RequestId, RawResponse>();
  /** The id of the last tools/call request sent. */
  lastCallId?: RequestId;
  /** The connection has ended (whoever ended it). */
  closed = false;

  constructor(readonly inner: Transport) {
    inner.onmessage = (message, extra) => {
      this.onmessage?.(this.keep(message), extra);
    };
    inner.onclose = () => {
      this.closed = true;
      this.onclose?.();
    };
    inner.onerror = (error) => this.onerror?.(error);
  }

  /**
   * Keeps a watched response, and returns what the client gets: the message itself, or, for a
   * result that is not an object (a raw string on the wire), an error the client can read, since
   * the SDK drops a response it cannot parse and would wait for its timeout.
   */
  private keep(message: JSONRPCMessage): JSONRPCMessage {
    const record = message as Record<string, unknown>;
    const id = record.id as RequestId | undefined;
    if (id === undefined || !this.watched.has(id)) return message;
    if ('result' in record) {
      this.responses.set(id, { result: record.result });
      const result = record.result;
      if (result === null || typeof result !== 'object' || Array.isArray(result)) {
        return { jsonrpc: '2.0', id, error: { code: -32603, message: 'the result is not an object' } } as JSONRPCMessage;
      }
    } else if ('error' in record && record.error !== null && typeof record.error === 'object') {
      this.responses.set(id, { error: record.error as { code: number; message: string; data?: unknown } });
    }
    return message;
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const record = message as Record<string, unknown>;
    if (record.method === 'tools/call' && (typeof record.id === 'string' || typeof record.id === 'number')) {
      this.lastCallId = record.id;
      this.watched.add(record.id);
    }
    return this.inner.send(message, options);
  }

  /** The raw response to a tools/call request, once; later lookups return undefined. */
  take(id: RequestId | undefined): RawResponse | undefined {
    if (id === undefined) return undefined;
    const response = this.responses.get(id);
    this.responses.delete(id);
    this.watched.delete(id);
    return response;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
