import {
  type Compilable,
  type CompiledQuery,
  createQueryId,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type { Executor } from './executor.js';
import type { Database } from './types.js';

/*
 * Kysely builds a statement's operation tree and compiles it to SQL on every call: for the hot
 * reads of availability and booking that is about a tenth of the request's CPU, to produce the
 * same text each time. A statement made with `compiledOnce` is built and compiled once per shape
 * (the lengths of its array arguments, the keys its plain-object arguments define) with a marker
 * in place of each argument, of each element of an array argument and of each defined value of
 * an object argument (an insert's row); every later call of that shape only puts its values
 * where the markers were.
 *
 * The builder must place each argument as a value as it is: no arithmetic on it, no string built
 * from it, an object's values as values (`.values(row)`), and an array element by element (`in`,
 * which gives each element its own parameter, so PostgreSQL's generic plan of a prepared
 * statement knows how many there are). A marker that does
 * not come out as a whole parameter of its own is an error on the first call of that shape, never
 * a wrong statement. It is compiled by a Kysely of its own that only compiles (PostgreSQL's
 * dialect, as both the server's and the embedded database's): no executor's plugins rewrite it.
 */

/** Builds and compiles statements, never runs them (Kysely's DummyDriver). */
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const MARK = '\u0000compiled-argument-';
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL delimits the argument markers on purpose (no SQL text holds it)
const MARKER = /^\u0000compiled-argument-(\d+)(?:\.([^\u0000]+))?\u0000$/;
/** Shapes kept per statement; a call of a further shape is built and compiled as Kysely does. */
const MAX_SHAPES = 32;

type Arg = unknown;
/** Where a parameter's value comes from: an argument, an element or value of one, or the statement itself. */
type Source = { arg: number; element?: string } | null;

interface Template {
  compiled: CompiledQuery;
  sources: Source[];
}

const isPlainObject = (a: Arg): a is Record<string, unknown> =>
  typeof a === 'object' && a !== null && Object.getPrototypeOf(a) === Object.prototype;

/** An object argument's keys that carry a value (Kysely leaves undefined ones out of an insert). */
const definedKeys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);

/** A value that travels as a parameter as it is (an expression such as sql`now()` belongs in the builder). */
const isData = (v: unknown) => v === null || typeof v !== 'object' || v instanceof Date || Array.isArray(v) || Buffer.isBuffer(v);

const markersFor = (args: Arg[]) =>
  args.map((a, i) => {
    if (Array.isArray(a)) return a.map((_, j) => `${MARK}${i}.${j}\u0000`);
    if (!isPlainObject(a)) return `${MARK}${i}\u0000`;
    return Object.fromEntries(
      definedKeys(a).map((k) => {
        if (!isData(a[k])) throw new Error(`compiledOnce: argument ${i}'s ${k} is an expression, not a value; write it in the builder`);
        return [k, `${MARK}${i}.${k}\u0000`];
      }),
    );
  });

const markerList = (markers: ReturnType<typeof markersFor>): string[] =>
  markers.flatMap((m) => (typeof m === 'string' ? [m] : Array.isArray(m) ? m : Object.values(m)));

const shapeOf = (args: Arg[]) =>
  args.map((a) => (Array.isArray(a) ? a.length : isPlainObject(a) ? `{${definedKeys(a).join(',')}}` : '-')).join(';');

function templateOf(compiled: CompiledQuery, markers: ReturnType<typeof markersFor>): Template {
  const seen = new Set<string>();
  const sources = compiled.parameters.map((p): Source => {
    if (Array.isArray(p) && p.some((e) => typeof e === 'string' && e.includes(MARK))) {
      throw new Error('compiledOnce: an array argument became one parameter; place it element by element (`in`)');
    }
    if (typeof p !== 'string' || !p.includes(MARK)) return null;
    const m = MARKER.exec(p);
    if (!m) throw new Error(`compiledOnce: an argument was changed before it became a parameter (${JSON.stringify(p)})`);
    seen.add(p);
    return m[2] === undefined ? { arg: Number(m[1]) } : { arg: Number(m[1]), element: m[2] };
  });
  for (const marker of markerList(markers)) {
    if (!seen.has(marker)) throw new Error(`compiledOnce: argument ${MARKER.exec(marker)![1]} is not a parameter of the statement`);
  }
  if (compiled.sql.includes(MARK)) throw new Error('compiledOnce: an argument was written into the SQL text');
  return { compiled, sources };
}

/** A statement compiled once per shape (see above). */
export function compiledOnce<A extends Arg[], O>(
  build: (db: Executor, ...args: A) => Compilable<O>,
): (db: Executor, ...args: A) => Promise<QueryResult<O>> {
  const templates = new Map<string, Template>();
  return async (db, ...args) => {
    const shape = shapeOf(args);
    let template = templates.get(shape);
    if (!template) {
      if (templates.size >= MAX_SHAPES) return db.executeQuery(build(compiler, ...args).compile());
      const markers = markersFor(args);
      template = templateOf(build(compiler, ...(markers as A)).compile(), markers);
      templates.set(shape, template);
    }
    const { compiled, sources } = template;
    const parameters = sources.map((s, i) =>
      s === null ? compiled.parameters[i] : s.element === undefined ? args[s.arg] : (args[s.arg] as Record<string, unknown>)[s.element],
    );
    return db.executeQuery<O>({ query: compiled.query, queryId: createQueryId(), sql: compiled.sql, parameters });
  };
}
