import type * as TS from 'typescript';
import { getProperty, lineIndent } from '../syntax.js';
import type { TextEdit } from '../types.js';
import type { ToolOutputSchema } from './infer.js';
import { isObjectSchema, type JsonSchema } from './json-schema.js';
import { printJsonSchema, printZodObject, printZodShape, type PrintStyle } from './print.js';
import { acceptsSchemaObject, zodBindingOf } from './zod.js';

export type SchemaEdit = { edit: TextEdit } | { reason: string };

/** The edit that declares the tool's inferred schema where its registration keeps it, in its idiom. */
export function outputSchemaEdit(tool: ToolOutputSchema, sourceFile: TS.SourceFile): SchemaEdit {
  if (!tool.schema) return { reason: tool.reason ?? 'no schema was inferred' };
  const placement = tool.placement;
  if (!placement) return { reason: tool.reason ?? 'the tool is registered where this analysis cannot add a property' };
  if (placement.idiom === 'json-schema') return { edit: insertProperty(placement.entry, 'inputSchema', (style) => printJsonSchema(tool.schema as JsonSchema, style), sourceFile) };
  if (!isObjectSchema(tool.schema) || !tool.schema.properties) return { reason: 'registerTool takes a zod shape, which must be an object with named properties' };
  const zod = zodBindingOf(sourceFile);
  if (placement.idiom === 'fastmcp') {
    if (!zod) return { reason: "the file does not import zod, which this analysis writes FastMCP's outputSchema in: import { z } from 'zod', then migrate again" };
    const schema = tool.schema;
    // FastMCP sends the parsed value as structuredContent: a loose object keeps every key the text has.
    return { edit: insertProperty(placement.tool, 'parameters', (style) => printZodObject(schema, zod.name, zod.major, style), sourceFile) };
  }
  if (placement.sdk === 2) {
    // v2 takes a Standard Schema that also gives its JSON Schema: zod 4 is one, zod 3 is not.
    if (!zod) return { reason: "the file does not import zod, which this analysis writes the v2 SDK's outputSchema in (a Standard Schema with JSON Schema): import * as z from 'zod/v4', then migrate again" };
    if (zod.major !== 4) return { reason: "the v2 SDK's outputSchema is a Standard Schema with JSON Schema, which zod 3 is not: import zod 4 (import * as z from 'zod/v4'), then migrate again" };
  } else if (!zod) {
    return { reason: "the file does not import zod, which registerTool's outputSchema is written in: import { z } from 'zod', then migrate again" };
  }
  const schema = tool.schema;
  // v2 deprecates the raw shape and takes a schema object; 1.x takes one from 1.23.
  const print = placement.sdk === 2 || acceptsSchemaObject(sourceFile.fileName) ? printZodObject : printZodShape;
  return { edit: insertProperty(placement.config, 'inputSchema', (style) => print(schema, zod.name, zod.major, style), sourceFile) };
}

/**
 * `outputSchema: <value>` as a property of `object`: after `after` when it has one (so it sits beside
 * the input schema), else after the last property, on a line of its own, indented like its siblings.
 */
function insertProperty(object: TS.ObjectLiteralExpression, after: string, print: (style: PrintStyle) => string, sourceFile: TS.SourceFile): TextEdit {
  const text = sourceFile.text;
  const anchor = getProperty(object, after) ?? object.properties[object.properties.length - 1];
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const quote = /from\s+"/.test(text) && !/from\s+'/.test(text) ? '"' : "'";
  if (!anchor) {
    const indent = lineIndent(text, object.getStart(sourceFile));
    const unit = indentUnit(text);
    const value = print({ unit, indent: indent + unit, quote });
    return { start: object.getStart(sourceFile), end: object.end, text: `{${newline}${indent}${unit}outputSchema: ${value},${newline}${indent}}` };
  }
  const indent = lineIndent(text, anchor.getStart(sourceFile));
  const multiline = text.slice(object.getStart(sourceFile), anchor.getStart(sourceFile)).includes('\n');
  const value = print({ unit: indentUnit(text), indent: multiline ? indent : lineIndent(text, object.getStart(sourceFile)), quote });
  return { start: anchor.end, end: anchor.end, text: multiline ? `,${newline}${indent}outputSchema: ${value}` : `, outputSchema: ${value}` };
}

/** The file's indentation unit: the smallest indentation of an indented line (two spaces when none). */
function indentUnit(text: string): string {
  if (/\n\t/.test(text)) return '\t';
  let smallest = Infinity;
  for (const match of text.matchAll(/\n( +)\S/g)) smallest = Math.min(smallest, match[1].length);
  return Number.isFinite(smallest) ? ' '.repeat(smallest) : '  ';
}

