/**
 * Response serialization (ADR 021): each route's zod response schema is turned into JSON Schema
 * (`z.toJSONSchema`) once, at start, and compiled by fast-json-stringify, which writes exactly the
 * properties the contract names (a row's other fields, a password hash say, are never written)
 * without walking the answer through zod first. Before, every answer was parsed by zod (which
 * strips unknown keys and validates) and then given to JSON.stringify (docs/performance.md).
 *
 * A schema that does not translate into the plain subset compiled here (unions other than "or
 * null" and "date or string", recursion, references) keeps zod's serializer. With `check` on
 * (every environment but production, so the whole test suite runs it) each answer is also encoded
 * by zod and must give the same text, or the call fails as a serialization error: a contract the
 * two would write differently, or data that does not match its contract, cannot pass the tests.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { safeEncode, type ZodType, z } from 'zod';

type Json = Record<string, unknown>;

const isNullType = (s: unknown) => {
  const o = s as Json;
  return o && o.type === 'null' && Object.keys(o).length === 1;
};

/** Collapses "X or null" into `type: [X, 'null']` and identical alternatives into one; leaves the rest. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, simplify(s)]));
    } else if (k === '$schema' || k === 'pattern' || k === 'format' || k === 'minLength' || k === 'maxLength') {
      // Validation keywords fast-json-stringify does not need (it does not validate). Without
      // `format` a Date in a string field is written as its toISOString(), as JSON.stringify does.
    } else out[k] = simplify(v);
  }
  const any = out.anyOf as unknown[] | undefined;
  if (Array.isArray(any)) {
    const others = any.filter((m) => !isNullType(m));
    const nullable = others.length < any.length;
    const unique = [...new Map(others.map((m) => [JSON.stringify(m), m])).values()] as Json[];
    const only = unique[0];
    if (unique.length === 1 && only && typeof only.type === 'string') {
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, ...only, type: nullable ? [only.type, 'null'] : only.type };
    }
  }
  return out;
}

/** True when the schema uses nothing beyond types, properties, items, required, enum/const. */
function plain(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(plain);
  if (!node || typeof node !== 'object') return true;
  for (const [k, v] of Object.entries(node as Json)) {
    if (['anyOf', 'oneOf', 'allOf', 'not', '$ref', '$defs', 'definitions', 'if', 'patternProperties'].includes(k)) {
      return false;
    }
    if (k === 'properties') {
      if (!Object.values(v as Json).every(plain)) return false;
    } else if (typeof v === 'object' && !plain(v)) return false;
  }
  return true;
}

/** The JSON Schema fast-json-stringify compiles for a zod schema, or undefined (keep zod). */
export function jsonSchemaFor(schema: ZodType): Json | undefined {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'any',
      // A Date is written as its ISO text, as JSON.stringify writes it.
      override: (ctx) => {
        if ((ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def?.type === 'date') {
          ctx.jsonSchema.type = 'string';
        }
      },
    });
  } catch {
    return undefined;
  }
  const simple = simplify(json) as Json;
  return plain(simple) ? simple : undefined;
}

/** How many routes were compiled and how many kept zod (logged at start, read by the tests). */
export const serializerStats = { compiled: 0, zod: 0 };

export function fastSerializerCompiler(opts: { check: boolean }): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const schema = route.schema as ZodType;
    const fallback = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const json = schema && typeof schema === 'object' && '_zod' in schema ? jsonSchemaFor(schema) : undefined;
    let compiled: ((data: unknown) => string) | undefined;
    if (json) {
      try {
        compiled = fastJson(json as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
      } catch {
        compiled = undefined;
      }
    }
    if (!compiled) {
      serializerStats.zod++;
      return fallback;
    }
    serializerStats.compiled++;
    if (!opts.check) return compiled;
    const fast = compiled;
    return (data: unknown) => {
      const text = fast(data);
      const encoded = safeEncode(schema, data);
      const expected = encoded.success ? JSON.stringify(encoded.data) : undefined;
      if (text !== expected) {
        // The zod serializer throws the usual ResponseSerializationError for data off its contract.
        const zodText = fallback(data);
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote ${text.slice(0, 300)}, zod ${zodText.slice(0, 300)}`,
        );
      }
      return text;
    };
  };
}
