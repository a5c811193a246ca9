/**
 * The result types, written out structurally instead of imported from the SDK.
 *
 * Each SDK release declares its own `CallToolResult` (1.32's content union has audio and
 * resource links that 1.3 does not know), so a helper typed with one release's type does not fit
 * a server on another. These types hold only what the helpers produce, which every 1.x release
 * accepts. They are type aliases on purpose: an alias has an implicit index signature, an
 * interface has not, and the SDK's passthrough types (`{ [x: string]: unknown; … }`) need one.
 */

/** Plain JSON data: what `structuredContent` holds. */
export type JsonObject = { [key: string]: unknown };

/** Any JSON value: what `structuredContent` may hold from protocol 2026-07-28 on (the SDK v2 types it `unknown`). */
export type JsonValue = JsonObject | unknown[] | string | number | boolean | null;

/** T, or never for a function or a symbol: they have no JSON form. */
export type JsonData<T> = T extends symbol | ((...args: never[]) => unknown) ? never : T;

/** T, or never when it cannot be structuredContent. An interface fits: no index signature needed. */
export type JsonObjectData<T> = JsonData<T> extends readonly unknown[] ? never : JsonData<T>;

/** A text content item, as every SDK 1.x and FastMCP declare it. */
export type TextContent = { type: 'text'; text: string };

/**
 * What the result helpers return. Assignable wherever a `CallToolResult` of any SDK 1.x (from
 * 1.3, the first with `McpServer`), the SDK v2 or FastMCP's `ContentResult` is expected
 * (`ToolResult<JsonValue>`: the SDK v2 only).
 */
export type ToolResult<Structured extends JsonValue = JsonObject> = {
  content: TextContent[];
  structuredContent?: Structured;
  isError?: boolean;
};

/**
 * A success (`successResult`, `jsonResult`): no `isError` at all, which the protocol reads as
 * false. `isError?: never` rather than `boolean`, so that it also fits a server's own narrower
 * result type (`{ …; isError?: true }`), while code can still read `result.isError`.
 */
export type SuccessResult<Structured extends JsonValue = JsonObject> = {
  content: TextContent[];
  structuredContent?: Structured;
  isError?: never;
};

/** A tool-level error (`errorResult`, `errorTextResult`). */
export type ErrorResult = {
  content: TextContent[];
  structuredContent?: JsonObject;
  isError: true;
};

/** Any content item a client may receive: text, image, audio, resource, resource link, or newer kinds. */
export type ContentBlock = { type: string; [key: string]: unknown };

/** A tool result as a client receives it, from any server: what `isCallToolResult` checks for. */
export type CallToolResultLike = {
  content: ContentBlock[];
  structuredContent?: JsonObject;
  isError?: boolean;
  [key: string]: unknown;
};
