/**
 * The string inputs of a route's request schemas, and a request that is valid except where a test puts a
 * hostile string, for property tests over the whole route table. Schemas are read as JSON Schema of their
 * input side (`z.toJSONSchema(…, { io: 'input' })`); base values are made from it and then repaired with the
 * zod schema itself, so the request gets as far into the route as a well-formed one would.
 */
import fc from 'fast-check';
import { z, type ZodType } from 'zod';
import { pathParameterNames, type ApiRoute } from './route-table';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
};

/** The request parts that carry strings. */
export type RequestPart = 'querystring' | 'params' | 'body';

/** One string input: a value at `path` of a part, or (with `key`) the name of the record entry at `path`. */
export type StringInput = { part: RequestPart; path: string[]; key?: true };

function toJson(schema: ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The option of a union a sample follows: the first that is not `null`. */
function branch(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (!options) return schema;
  return branch(options.find((option) => option.type !== 'null') ?? options[0] ?? {});
}

function typeOf(schema: JsonSchema): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.find((type) => type !== 'null') ?? types[0];
}

function sampleString(schema: JsonSchema): string {
  if (schema.pattern) {
    const [matching] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 1 });
    if (matching !== undefined) return matching;
  }
  const length = Math.min(Math.max(schema.minLength ?? 1, 11), schema.maxLength ?? 11);
  return 'Sample text'.padEnd(length, 'x').slice(0, length);
}

/**
 * A value of the shape `schema` describes (every optional property included); a record gets one entry, named
 * `recordKey`.
 */
function sample(raw: JsonSchema, recordKey: string): unknown {
  const schema = branch(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        value[name] = sample(property, recordKey);
      }
      if (!schema.properties && typeof schema.additionalProperties === 'object') {
        value[recordKey] = sample(schema.additionalProperties, recordKey);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items ?? {}, recordKey),
      );
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return sampleString(schema);
  }
}

/** The paths of the strings (and record names) in a body of `raw`'s shape. */
function stringPaths(raw: JsonSchema, path: string[], recordKey: string, found: StringInput[]): void {
  const schema = branch(raw);
  const type = typeOf(schema);
  if (type === 'object') {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      stringPaths(property, [...path, name], recordKey, found);
    }
    if (!schema.properties && typeof schema.additionalProperties === 'object') {
      found.push({ part: 'body', path: [...path, recordKey], key: true });
      stringPaths(schema.additionalProperties, [...path, recordKey], recordKey, found);
    }
  } else if (type === 'array') {
    stringPaths(schema.items ?? {}, [...path, '0'], recordKey, found);
  } else if (type === undefined || type === 'string') {
    // A string, a string enum, or anything (`{}`): all reach the server as text.
    found.push({ part: 'body', path });
  }
}

/** Sets `value` at `path` of `target` (objects and arrays), or renames the entry there when `key` is set. */
export function place(target: unknown, input: Pick<StringInput, 'path' | 'key'>, value: string): void {
  let holder = target as Record<string, unknown>;
  for (const name of input.path.slice(0, -1)) holder = holder[name] as Record<string, unknown>;
  const last = input.path[input.path.length - 1] as string;
  if (input.key) {
    holder[value] = holder[last];
    delete holder[last];
  } else {
    holder[last] = value;
  }
}

/**
 * Texts tried, in this order, for a string the zod schema refuses in the sample: an e-mail, a PIN code, a phone
 * number, the given ids (real rows, so look-ups find something), a timestamp.
 */
function candidates(knownIds: string[]): string[] {
  return ['shopper@example.com', '560001', '9876543210', ...knownIds, new Date(0).toISOString(), '1'];
}

/** Replaces the sample's strings that `schema` refuses with the first candidate it accepts there. */
function repair(schema: ZodType, value: unknown, inputs: StringInput[], knownIds: string[]): unknown {
  const refused = () =>
    new Set((schema.safeParse(value).error?.issues ?? []).map((issue) => issue.path.map(String).join('.')));
  for (const input of inputs) {
    if (input.key || !refused().has(input.path.join('.'))) continue;
    for (const text of candidates(knownIds)) {
      place(value, input, text);
      if (!refused().has(input.path.join('.'))) break;
    }
  }
  return value;
}

/** A route's string inputs and a well-formed base value per request part. */
export type RouteInputs = {
  inputs: StringInput[];
  base: { querystring: Record<string, unknown>; params: Record<string, unknown>; body: unknown };
};

/**
 * The string inputs of `route`: every query parameter, every path parameter (named by the URL when the route
 * has no params schema) and every string or record name in the body, with base values.
 * @param knownIds ids of existing rows, tried for strings the schema refuses in a plain sample.
 */
export function routeInputs(route: ApiRoute, knownIds: string[]): RouteInputs {
  const recordKey = knownIds[0] ?? 'sample';
  const inputs: StringInput[] = [];
  const base: RouteInputs['base'] = { querystring: {}, params: {}, body: undefined };

  const query = route.schema.querystring;
  if (query) {
    const json = toJson(query);
    const required = new Set(json.required ?? []);
    for (const name of Object.keys(json.properties ?? {})) inputs.push({ part: 'querystring', path: [name] });
    const full = sample(json, recordKey) as Record<string, unknown>;
    for (const name of Object.keys(full)) if (!required.has(name)) delete full[name];
    base.querystring = full;
  }

  const names = pathParameterNames(route.url);
  for (const name of names) {
    inputs.push({ part: 'params', path: [name] });
    base.params[name] = recordKey;
  }

  const body = route.schema.body;
  if (body) {
    const json = toJson(body);
    const bodyInputs: StringInput[] = [];
    stringPaths(json, [], recordKey, bodyInputs);
    inputs.push(...bodyInputs);
    base.body = repair(body, sample(json, recordKey), bodyInputs, knownIds);
  }
  return { inputs, base };
}

/** Percent-encodes text for a URL as a client would send it; a lone surrogate becomes its WTF-8 bytes. */
export function encodeText(text: string): string {
  let encoded = '';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(text.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(text[index] as string);
    }
  }
  return encoded;
}
