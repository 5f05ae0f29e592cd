import fc from 'fast-check';

/**
 * Generators for the route fuzz (route-fuzz.test.ts): bad inputs derived from an operation of the
 * OpenAPI document. Everything is a fast-check arbitrary, so a fixed seed replays a failure.
 */

/** A JSON schema as the OpenAPI document holds it (zod → JSON schema, OpenAPI 3 flavour). */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Record<string, JsonSchema>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly format?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly $ref?: string;
}

export interface Parameter {
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly name: string;
  readonly required?: boolean;
  readonly schema?: JsonSchema;
}

/** One route of the document: `GET /api/v1/coupons/{couponId}`. */
export interface Operation {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly pathParams: readonly Parameter[];
  readonly queryParams: readonly Parameter[];
  readonly body: JsonSchema | null;
}

interface OpenApiDocument {
  readonly paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

/** Every operation under `prefix`, in a fixed order (so a seed means the same run everywhere). */
export function operationsOf(doc: OpenApiDocument, prefix: string): Operation[] {
  const operations: Operation[] = [];
  for (const path of Object.keys(doc.paths).sort()) {
    if (!path.startsWith(prefix)) continue;
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = doc.paths[path]![method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/**
 * JSON text put into a body as it is (a number JSON.stringify cannot write, nesting too deep to build
 * as an object): serialized as a marker, swapped for its text by `jsonText`.
 */
export class Raw {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `@@raw:${Buffer.from(this.text).toString('base64')}@@`;
  }
}

/** The body as sent: JSON with every `Raw` in place. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"@@raw:([A-Za-z0-9+/=]*)@@"/g, (_, b64: string) => Buffer.from(b64, 'base64').toString());
}

/** What a failure prints: the input with long strings cut (a 1 MB string is named, not shown). */
export function describeInput(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'string' && v.length > 120) return `${v.slice(0, 60)}…<${v.length} chars>`;
    return v;
  });
}

const MB = 1_000_000;
/** Built once: a few requests carry them, not every one. */
const HUGE = ['x'.repeat(MB), 'ğ'.repeat(MB / 2), `${'a'.repeat(MB - 10)}\u0000`];
export const DEEP_OBJECT = new Raw(`${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`);
export const DEEP_ARRAY = new Raw(`${'['.repeat(1000)}${']'.repeat(1000)}`);

const FRAGMENTS = [
  "'; drop table users; --",
  "' or '1'='1",
  '1; select pg_sleep(5)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${process.exit()}',
  '../../../etc/passwd',
  '%00',
  '%',
  '\\',
  '"',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '9007199254740993',
  'true',
  '',
  ' ',
  '__proto__',
  'constructor',
];
const UNICODE = [
  '🎉⚽️👨‍👩‍👧‍👦',
  'مرحبا بالعالم',
  '\u202eevil\u202c',
  'e\u0301\u0301\u0301\u0301',
  'İıŞşĞğ',
  '\uffff\ufeff',
  '\ud800',
  'Z̴̡̛̖͓͗a̷̢͕͒l̶̗͊g̸̣̈́o̷̗͝',
  '日本語テキスト',
];
const CONTROLS = ['\u0000', 'a\u0000b', '\u0001\u0002\u0003', '\u001b[31mred', '\u0007\u0008', 'line\r\nbreak\ttab', '\u007f\u0085'];

/** A bad string: fragments, unicode, controls, generated text, now and then a long one and rarely 1 MB. */
export function nastyString(options: { huge?: boolean; long?: number } = {}): fc.Arbitrary<string> {
  const arbitraries: fc.WeightedArbitrary<string>[] = [
    { arbitrary: fc.constantFrom(...FRAGMENTS), weight: 6 },
    { arbitrary: fc.constantFrom(...UNICODE), weight: 4 },
    { arbitrary: fc.constantFrom(...CONTROLS), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 3 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 2 },
    { arbitrary: fc.string({ maxLength: 8 }), weight: 2 },
    { arbitrary: fc.constantFrom(...FRAGMENTS, ...UNICODE).map((s) => s.repeat(Math.ceil((options.long ?? 10_000) / Math.max(1, s.length)))), weight: 1 },
  ];
  if (options.huge) arbitraries.push({ arbitrary: fc.constantFrom(...HUGE), weight: 1 });
  return fc.oneof(...arbitraries);
}

/** Numbers a JSON parser reads but a schema may not expect; `Raw` keeps what JSON.stringify would change. */
export const nastyNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(new Raw('9007199254740993'), new Raw('-9007199254740993'), new Raw('1e308'), new Raw('-1e308'), new Raw('1e999'), new Raw('-0'), new Raw('1.5e-320'), new Raw('123456789012345678901234567890')),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER, 0.1, -1, 1.5),
  fc.constantFrom('NaN', 'Infinity', '1e308', '12', '-0', '0x10'),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : value instanceof Raw ? 'number' : typeof value);

/**
 * A value shaped like `schema` (the right keys and types), its strings and numbers sometimes bad:
 * the base a body's breakage starts from.
 */
export function shaped(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => shaped(s, depth + 1)));
  if (schema.allOf?.length) return shaped(schema.allOf[0], depth + 1);
  const types = [schema.type ?? (schema.properties ? 'object' : 'any')].flat().filter((t) => t !== 'null');
  switch (types[0]) {
    case 'object': {
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(nastyString(), nastyNumber), { maxKeys: 2 });
      const required = (schema.required ?? []).filter((key) => keys.includes(key));
      return fc.record(Object.fromEntries(keys.map((key) => [key, shaped(props[key], depth + 1)])), { requiredKeys: required });
    }
    case 'array':
      return fc.array(shaped(schema.items, depth + 1), { maxLength: 3 });
    case 'string':
      return fc.oneof({ arbitrary: plausibleString(schema), weight: 3 }, { arbitrary: nastyString({ long: 5_000 }), weight: 1 });
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? -5, -1e6);
      const max = Math.min(schema.maximum ?? 1_000, 1e6);
      return fc.oneof({ arbitrary: fc.integer({ min: Math.ceil(Math.min(min, max)), max: Math.floor(Math.max(min, max)) }), weight: 3 }, { arbitrary: nastyNumber, weight: 1 });
    }
    case 'boolean':
      return fc.boolean();
    default:
      return fc.oneof(nastyString(), nastyNumber, fc.constant({}), fc.constant(null));
  }
}

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.constantFrom('a@example.com', 'fuzz@kupon.test');
    default: {
      const min = schema.minLength ?? 1;
      const max = Math.max(min, Math.min(schema.maxLength ?? 12, 40));
      return fc.string({ unit: fc.constantFrom(...'abcXYZ019-_'), minLength: Math.min(min, 40), maxLength: max });
    }
  }
}

type Path = readonly (string | number)[];

/** Every place in `value` (itself included) a breakage may target. */
function placesIn(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => placesIn(item, [...path, i], out));
  else if (value !== null && typeof value === 'object' && !(value instanceof Raw)) for (const [key, item] of Object.entries(value)) placesIn(item, [...path, key], out);
  return out;
}

function at(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)?.[key], value);
}

/** `value` with the place at `path` replaced (`undefined`: removed), copied along the way. */
function replaced(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (next === undefined && rest.length === 0) copy.splice(key as number, 1);
    else copy[key as number] = replaced(copy[key as number], rest, next);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (next === undefined && rest.length === 0) delete copy[key as string];
  else copy[key as string] = replaced(copy[key as string], rest, next);
  return copy;
}

type Breakage =
  | { readonly kind: 'wrongType'; readonly place: number; readonly value: unknown }
  | { readonly kind: 'drop'; readonly place: number }
  | { readonly kind: 'extra'; readonly place: number; readonly key: string; readonly value: unknown }
  | { readonly kind: 'leaf'; readonly place: number; readonly value: unknown }
  | { readonly kind: 'whole'; readonly value: unknown };

const extraKey = fc.oneof(fc.constantFrom('extra', 'isAdmin', 'role', 'siteId', 'userId', 'constructor', 'toString', '__proto__', 'a\u0000b', '<b>x</b>', '🎉', ''), fc.string({ maxLength: 10 }));

/** A value for anywhere: a bad string (maybe 1 MB), a bad number, deep nesting, or another shape. */
const anyBad = (huge: boolean): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: nastyString({ huge }), weight: 6 },
    { arbitrary: nastyNumber, weight: 4 },
    { arbitrary: fc.constantFrom(DEEP_OBJECT, DEEP_ARRAY), weight: 1 },
    { arbitrary: fc.constantFrom(null, true, [], {}, [[[]]]), weight: 2 },
  );

const breakage = (huge: boolean): fc.Arbitrary<Breakage> =>
  fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('wrongType' as const), place: fc.nat(), value: fc.constant(null) }), weight: 3 },
    { arbitrary: fc.record({ kind: fc.constant('drop' as const), place: fc.nat() }), weight: 3 },
    { arbitrary: fc.record({ kind: fc.constant('extra' as const), place: fc.nat(), key: extraKey, value: anyBad(false) }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('leaf' as const), place: fc.nat(), value: anyBad(huge) }), weight: 4 },
    { arbitrary: fc.record({ kind: fc.constant('whole' as const), value: anyBad(false) }), weight: 1 },
  );

function broken(base: unknown, breakages: readonly Breakage[], wrongTypes: readonly unknown[]): unknown {
  let value = base;
  breakages.forEach((b, i) => {
    if (b.kind === 'whole') {
      value = b.value;
      return;
    }
    const places = placesIn(value);
    const place = places[b.place % places.length]!;
    switch (b.kind) {
      case 'wrongType': {
        const kind = kindOf(at(value, place));
        value = replaced(value, place, [wrongTypes[i], ...wrongTypes].find((v) => kindOf(v) !== kind) ?? (kind === 'string' ? 0 : 'wrong'));
        break;
      }
      case 'drop':
        value = place.length === 0 ? undefined : replaced(value, place, undefined);
        break;
      case 'extra': {
        const target = at(value, place);
        if (target !== null && typeof target === 'object' && !Array.isArray(target) && !(target instanceof Raw)) value = replaced(value, place, { ...target, [b.key]: b.value });
        else value = replaced(value, place, b.value);
        break;
      }
      case 'leaf':
        value = replaced(value, place, b.value);
        break;
    }
  });
  return value;
}

/**
 * A broken body for `schema`: a shaped value with one to three breakages (a wrong type, a missing
 * field, an extra field, a bad leaf, or another value altogether). `undefined` means no body.
 */
export function brokenBody(schema: JsonSchema | null, huge: boolean): fc.Arbitrary<unknown> {
  const base = schema ? shaped(schema) : fc.constant({});
  return fc
    .tuple(base, fc.array(breakage(huge), { minLength: 1, maxLength: 3 }), fc.array(fc.oneof(nastyString(), nastyNumber, fc.constantFrom(null, [], {}, true)), { minLength: 3, maxLength: 3 }))
    .map(([value, breakages, wrongTypes]) => broken(value, breakages, wrongTypes));
}

/** A path parameter: valid-looking ids and names, or bad text (never empty: `//` is another url). */
export function pathParam(param: Parameter): fc.Arbitrary<string> {
  const known = param.name === 'provider' ? ['demo', 'demo', 'nosuch'] : param.name.toLowerCase().includes('site') ? ['kupon', 'bahis'] : ['m1', '1', 'kupon'];
  return fc
    .oneof(
      { arbitrary: fc.uuid(), weight: 3 },
      { arbitrary: fc.constantFrom(...known), weight: 2 },
      { arbitrary: fc.integer({ min: -1, max: 2 ** 40 }).map(String), weight: 1 },
      { arbitrary: plausibleString(param.schema ?? {}), weight: 1 },
      { arbitrary: nastyString({ long: 5_000 }), weight: 3 },
    )
    .filter((s) => s.length > 0);
}

/** A query: each declared parameter left out, shaped, or bad; sometimes repeated; sometimes extra ones. */
export function query(params: readonly Parameter[]): fc.Arbitrary<string> {
  const value = (param: Parameter): fc.Arbitrary<string | string[]> =>
    fc.oneof(
      { arbitrary: shaped(param.schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')), weight: 3 },
      { arbitrary: nastyString({ long: 20_000 }), weight: 3 },
      { arbitrary: fc.array(nastyString(), { minLength: 2, maxLength: 3 }), weight: 1 },
    );
  const declared = fc.tuple(...params.map((param) => fc.option(value(param), { nil: undefined, freq: 3 }).map((v) => [param.name, v] as const)));
  const extras = fc.array(fc.tuple(extraKey, nastyString()), { maxLength: 2 });
  return fc.tuple(declared, extras).map(([named, extra]) => {
    const pairs: [string, string][] = [];
    for (const [name, v] of [...named, ...extra]) {
      if (v === undefined) continue;
      for (const one of [v].flat()) pairs.push([name, one]);
    }
    return pairs.length ? `?${pairs.map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`).join('&')}` : '';
  });
}

/**
 * A url part, percent-encoded: a lone surrogate (which `encodeURIComponent` throws on) goes as the
 * replacement character, and dots are encoded too, so `..` stays a parameter instead of a step up.
 */
export function encodePart(part: string): string {
  return encodeURIComponent(part.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')).replaceAll('.', '%2E');
}
