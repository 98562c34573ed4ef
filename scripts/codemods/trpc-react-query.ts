/**
 * Codemod: @trpc/tanstack-react-query (options proxy) → @trpc/react-query (createTRPCReact hooks).
 *
 *   npx tsx scripts/codemods/trpc-react-query.ts [files or globs...]
 *
 * Without arguments it converts src/client and tests/client. It is re-runnable: a converted file
 * has nothing left to match, and a file that mixes both styles (someone wrote new code in the old
 * style) gets only its old-style calls converted. What it rewrites:
 *
 *   const trpc = useTRPC();                                → (removed; `trpc` is imported)
 *   useQuery(trpc.a.b.queryOptions(input, opts))          → trpc.a.b.useQuery(input, opts)
 *   useQuery({ ...trpc.a.b.queryOptions(input), ...rest }) → trpc.a.b.useQuery(input, { ...rest })
 *   useSuspenseQuery(trpc.a.b.queryOptions(input))        → trpc.a.b.useSuspenseQuery(input)[1]
 *   useMutation(trpc.a.b.mutationOptions(opts))           → trpc.a.b.useMutation(opts)
 *   useSubscription(trpc.a.b.subscriptionOptions(i, o))   → trpc.a.b.useSubscription(i, o)
 *   queryClient.invalidateQueries({ queryKey: trpc.a.b.queryKey(i) }) → utils.a.b.invalidate(i)
 *     (also pathKey(), queryFilter(), refetch/cancel/resetQueries)
 *   queryClient.fetchQuery(trpc.a.b.queryOptions(i))      → utils.a.b.fetch(i)   (prefetch, ensureData)
 *   queryClient.setQueryData(trpc.a.b.queryKey(i), d)     → utils.a.b.setData(i, d)   (getQueryData)
 *   useTRPCClient()                                        → trpc.useUtils().client
 *   <TRPCProvider trpcClient={c} queryClient={q}>          → <trpc.Provider client={c} queryClient={q}>
 *
 * `const queryClient = useQueryClient()` gains a `const utils = trpc.useUtils()` beside it and is
 * removed once nothing else uses it; imports are fixed up. What it cannot convert is listed at the
 * end (and the exit code is 1), to be finished by hand.
 */
import path from 'node:path';
import {
  type ArrayLiteralExpression,
  type CallExpression,
  type Identifier,
  IndentationText,
  Node,
  type ObjectLiteralExpression,
  Project,
  QuoteKind,
  type SourceFile,
  SyntaxKind,
  type VariableDeclaration,
} from 'ts-morph';

const DEFAULT_GLOBS = ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'];
const TRPC = 'trpc';
const UTILS = 'utils';

interface TrpcCall {
  /** 'a.b' of trpc.a.b.method(...) */
  route: string;
  method: string;
  args: Node[];
}

/** trpc.a.b.method(args) → its parts, when the chain starts at the `trpc` identifier. */
function trpcCall(node: Node | undefined, methods: readonly string[]): TrpcCall | null {
  if (!node || !Node.isCallExpression(node)) return null;
  const callee = node.getExpression();
  if (!Node.isPropertyAccessExpression(callee) || !methods.includes(callee.getName())) return null;
  const names: string[] = [];
  let cur: Node = callee.getExpression();
  while (Node.isPropertyAccessExpression(cur)) {
    names.unshift(cur.getName());
    cur = cur.getExpression();
  }
  if (!Node.isIdentifier(cur) || cur.getText() !== TRPC || names.length === 0) return null;
  return { route: names.join('.'), method: callee.getName(), args: node.getArguments() };
}

/** `{ ...trpc.a.b.queryOptions(...), k: v }` → the trpc call and the other properties' text. */
function spreadOf(node: Node | undefined, methods: readonly string[], at: Node): { call: TrpcCall; rest: string[] } | null {
  if (!node || !Node.isObjectLiteralExpression(node)) return null;
  let call: TrpcCall | null = null;
  const rest: string[] = [];
  for (const prop of node.getProperties()) {
    const found = Node.isSpreadAssignment(prop) ? trpcCall(prop.getExpression(), methods) : null;
    if (found && !call) call = found;
    else rest.push(moved(prop, at));
  }
  return call ? { call, rest } : null;
}

function indentOf(node: Node): string {
  const sf = node.getSourceFile();
  const text = sf.getFullText();
  const lineStart = text.lastIndexOf('\n', node.getStart() - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/**
 * A node's text for a new place: its continuation lines without its old line's indent
 * (replaceWithText indents continuation lines by the indent of the line it writes on).
 */
function moved(node: Node, _at: Node): string {
  const from = indentOf(node);
  const to = '';
  const [first, ...more] = node.getText().split('\n');
  return [first, ...more.map((line) => (line.startsWith(from) ? to + line.slice(from.length) : line))].join('\n');
}

/** An options object from the call's own options (object or expression) and extra properties. */
function mergeOptions(inner: Node | undefined, rest: string[], at: Node): string | undefined {
  const props: string[] = [];
  if (inner) {
    if (Node.isObjectLiteralExpression(inner)) props.push(...inner.getProperties().map((p) => moved(p, at)));
    else props.push(`...${moved(inner, at)}`);
  }
  props.push(...rest);
  if (props.length === 0) return undefined;
  const oneLine = `{ ${props.join(', ')} }`;
  if (oneLine.length <= 110 && !oneLine.includes('\n')) return oneLine;
  return `{\n${props.map((p) => `  ${p},`).join('\n')}\n}`;
}

function argList(...args: (string | undefined)[]): string {
  while (args.length && args[args.length - 1] === undefined) args.pop();
  return args.map((a) => a ?? 'undefined').join(', ');
}

/** The name a call's callee is imported under from `module`, if it is that import. */
function importedFrom(sf: SourceFile, name: string, modules: readonly string[]): boolean {
  return sf
    .getImportDeclarations()
    .some(
      (d) =>
        modules.includes(d.getModuleSpecifierValue()) &&
        d.getNamedImports().some((n) => (n.getAliasNode()?.getText() ?? n.getName()) === name),
    );
}

/** The `const x = useQueryClient()` declaration an identifier refers to, searching enclosing scopes. */
function queryClientDecl(id: Identifier): VariableDeclaration | null {
  const name = id.getText();
  for (const scope of id.getAncestors()) {
    if (!Node.isBlock(scope) && !Node.isSourceFile(scope)) continue;
    for (const st of scope.getStatements()) {
      if (!Node.isVariableStatement(st)) continue;
      for (const d of st.getDeclarations()) {
        if (d.getName() !== name) continue;
        const init = d.getInitializer();
        if (init && (init.getText() === 'useQueryClient()' || init.getText() === `${MARK}(useQueryClient())`)) return d;
        return null; // same name, something else: not ours to rewrite
      }
    }
  }
  return null;
}

const QUERY_CLIENT_FILTER_METHODS: Record<string, string> = {
  invalidateQueries: 'invalidate',
  refetchQueries: 'refetch',
  cancelQueries: 'cancel',
  resetQueries: 'reset',
};
const QUERY_CLIENT_FETCH_METHODS: Record<string, string> = {
  fetchQuery: 'fetch',
  prefetchQuery: 'prefetch',
  ensureQueryData: 'ensureData',
};

interface Rewrite {
  text: string;
  /** The `useQueryClient()` declaration whose scope now needs `utils`. */
  decl?: VariableDeclaration;
}

/** One rewrite; false when nothing in the file matches any more. */
function rewriteOnce(sf: SourceFile): boolean {
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const rewrite = rewriteCall(sf, call);
    if (rewrite === null) continue;
    call.replaceWithText(rewrite.text);
    if (rewrite.decl) markDecl(rewrite.decl);
    return true;
  }
  return false;
}

function rewriteCall(sf: SourceFile, call: CallExpression): Rewrite | null {
  const callee = call.getExpression();
  const args = call.getArguments();

  if (Node.isIdentifier(callee)) {
    const name = callee.getText();
    if ((name === 'useQuery' || name === 'useSuspenseQuery') && args.length === 1 && importedFrom(sf, name, ['@tanstack/react-query'])) {
      const suffix = name === 'useSuspenseQuery' ? '[1]' : '';
      const direct = trpcCall(args[0], ['queryOptions']);
      if (direct) return { text: `${TRPC}.${direct.route}.${name}(${direct.args.map((a) => moved(a, call)).join(', ')})${suffix}` };
      const spread = spreadOf(args[0], ['queryOptions'], call);
      if (spread) {
        const [input, opts] = spread.call.args;
        return {
          text: `${TRPC}.${spread.call.route}.${name}(${argList(input && moved(input, call), mergeOptions(opts, spread.rest, call))})${suffix}`,
        };
      }
    }
    if (name === 'useMutation' && args.length === 1 && importedFrom(sf, name, ['@tanstack/react-query'])) {
      const direct = trpcCall(args[0], ['mutationOptions']);
      if (direct) return { text: `${TRPC}.${direct.route}.useMutation(${direct.args.map((a) => moved(a, call)).join(', ')})` };
      const spread = spreadOf(args[0], ['mutationOptions'], call);
      if (spread)
        return { text: `${TRPC}.${spread.call.route}.useMutation(${argList(mergeOptions(spread.call.args[0], spread.rest, call))})` };
    }
    if (name === 'useSubscription' && args.length === 1 && importedFrom(sf, name, ['@trpc/tanstack-react-query'])) {
      const direct = trpcCall(args[0], ['subscriptionOptions']);
      if (direct) return { text: `${TRPC}.${direct.route}.useSubscription(${direct.args.map((a) => moved(a, call)).join(', ')})` };
    }
    if (name === 'useTRPCClient' && args.length === 0) return { text: `${TRPC}.useUtils().client` };
    return null;
  }

  if (!Node.isPropertyAccessExpression(callee)) return null;
  const target = callee.getExpression();
  if (!Node.isIdentifier(target)) return null;
  const method = callee.getName();
  const isFilter = method in QUERY_CLIENT_FILTER_METHODS;
  const isFetch = method in QUERY_CLIENT_FETCH_METHODS;
  const isData = method === 'setQueryData' || method === 'getQueryData';
  if (!isFilter && !isFetch && !isData) return null;
  const decl = queryClientDecl(target);
  if (!decl) return null;

  let text: string | null = null;
  if (isFilter) {
    const util = QUERY_CLIENT_FILTER_METHODS[method];
    const [filters, options] = args;
    const asFilter = trpcCall(filters, ['queryFilter', 'pathFilter']);
    if (asFilter) {
      const [input, moreFilters] = asFilter.args;
      text = `${UTILS}.${asFilter.route}.${util}(${argList(asFilter.method === 'queryFilter' ? input && moved(input, call) : undefined, moreFilters && moved(moreFilters, call), options && moved(options, call))})`;
    } else if (filters && Node.isObjectLiteralExpression(filters)) {
      const { key, rest } = keyProperty(filters);
      if (key) {
        const input = key.method === 'queryKey' && key.args[0] ? moved(key.args[0], call) : undefined;
        text = `${UTILS}.${key.route}.${util}(${argList(input, mergeOptions(undefined, rest, call), options && moved(options, call))})`;
      }
    }
  } else if (isFetch) {
    const util = QUERY_CLIENT_FETCH_METHODS[method];
    const direct = trpcCall(args[0], ['queryOptions']);
    const spread = direct ? null : spreadOf(args[0], ['queryOptions'], call);
    const found = direct ? { call: direct, rest: [] as string[] } : spread;
    if (found && args.length === 1) {
      const [input, opts] = found.call.args;
      text = `${UTILS}.${found.call.route}.${util}(${argList(input && moved(input, call), mergeOptions(opts, found.rest, call))})`;
    }
  } else {
    const key = trpcCall(args[0], ['queryKey']);
    if (key) {
      const input = key.args[0] && moved(key.args[0], call);
      text =
        method === 'setQueryData'
          ? `${UTILS}.${key.route}.setData(${argList(input, ...args.slice(1).map((a) => moved(a, call)))})`
          : `${UTILS}.${key.route}.getData(${argList(input)})`;
    }
  }
  return text === null ? null : { text, decl };
}

/** `{ queryKey: trpc.a.b.queryKey(i), exact: true }` → the key's trpc call and the other filters. */
function keyProperty(filters: ObjectLiteralExpression): { key: TrpcCall | null; rest: string[] } {
  let key: TrpcCall | null = null;
  const rest: string[] = [];
  for (const prop of filters.getProperties()) {
    if (Node.isPropertyAssignment(prop) && prop.getName() === 'queryKey') {
      key = trpcCall(prop.getInitializer(), ['queryKey', 'pathKey']);
      if (!key) return { key: null, rest: [] };
    } else rest.push(moved(prop, filters.getParentOrThrow()));
  }
  return { key, rest };
}

/** Declarations are re-found after the edits by a marker call around their initializer. */
const MARK = '__codemodNeedsUtils__';
function markDecl(decl: VariableDeclaration) {
  const init = decl.getInitializerOrThrow();
  if (!init.getText().startsWith(`${MARK}(`)) init.replaceWithText(`${MARK}(${init.getText()})`);
}

function identifiersNamed(scope: Node, name: string): Identifier[] {
  return scope.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => {
    if (id.getText() !== name) return false;
    const parent = id.getParent();
    if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return false;
    if (Node.isPropertyAssignment(parent) && parent.getNameNode() === id) return false;
    if (Node.isImportSpecifier(parent) || Node.isJsxAttribute(parent)) return false;
    return true;
  });
}

/** An identifier that is an element of a React hook's dependency array. */
function depsArrayOf(id: Identifier): ArrayLiteralExpression | null {
  const arr = id.getParent();
  if (!Node.isArrayLiteralExpression(arr)) return null;
  const call = arr.getParent();
  if (!Node.isCallExpression(call)) return null;
  const args = call.getArguments();
  if (
    args[args.length - 1] !== arr ||
    !/^use[A-Z]/.test(
      call
        .getExpression()
        .getText()
        .replace(/^React\./, ''),
    )
  )
    return null;
  return arr;
}

function removeFromDeps(arr: ArrayLiteralExpression, name: string, replaceWith?: string) {
  const names = arr.getElements().map((e) => e.getText());
  let next = names.map((n) => (n === name ? replaceWith : n)).filter((n): n is string => Boolean(n));
  next = [...new Set(next)];
  arr.replaceWithText(`[${next.join(', ')}]`);
}

/** `const utils = trpc.useUtils()` beside each marked queryClient; the queryClient goes when unused. */
function settleQueryClients(sf: SourceFile) {
  for (;;) {
    const decl = sf.getDescendantsOfKind(SyntaxKind.VariableDeclaration).find((d) => d.getInitializer()?.getText().startsWith(`${MARK}(`));
    if (!decl) return;
    const name = decl.getName();
    const statement = decl.getFirstAncestorByKindOrThrow(SyntaxKind.VariableStatement);
    const block = statement.getParentOrThrow();
    const init = decl.getInitializerOrThrow();
    init.replaceWithText(init.getText().slice(MARK.length + 1, -1));

    // Add utils unless this scope already has it.
    const freshStatement = sf
      .getDescendantsOfKind(SyntaxKind.VariableStatement)
      .find((s) =>
        s
          .getDeclarations()
          .some((d) => d.getName() === name && d.getInitializer()?.getText() === 'useQueryClient()' && s.getParent() === block),
      )!;
    const hasUtils =
      Node.isBlock(block) &&
      block.getStatements().some((s) => Node.isVariableStatement(s) && s.getDeclarations().some((d) => d.getName() === UTILS));
    if (!hasUtils && Node.isBlock(block))
      block.insertStatements(freshStatement.getChildIndex() + 1, `const ${UTILS} = ${TRPC}.useUtils();`);

    // Drop the queryClient when only dependency arrays still name it.
    const scope = freshStatement.getParentOrThrow();
    const uses = identifiersNamed(scope, name).filter(
      (id) => id.getParent() !== freshStatement.getDeclarations().find((d) => d.getName() === name),
    );
    const nonDeps = uses.filter((id) => !depsArrayOf(id));
    if (nonDeps.length === 0) {
      for (;;) {
        const id = identifiersNamed(scope, name).find((i) => depsArrayOf(i));
        if (!id) break;
        removeFromDeps(depsArrayOf(id)!, name, UTILS);
      }
      const st = sf
        .getDescendantsOfKind(SyntaxKind.VariableStatement)
        .find(
          (s) =>
            s.getParent() === scope &&
            s.getDeclarations().some((d) => d.getName() === name && d.getInitializer()?.getText() === 'useQueryClient()'),
        );
      st?.remove();
    }
    addUtilsToDeps(scope);
  }
}

/** A hook callback that now reads `utils` names it among its dependencies. */
function addUtilsToDeps(scope: Node) {
  for (;;) {
    const arr = scope.getDescendantsOfKind(SyntaxKind.ArrayLiteralExpression).find((a) => {
      const call = a.getParent();
      if (!Node.isCallExpression(call) || call.getArguments().length < 2 || call.getArguments()[call.getArguments().length - 1] !== a)
        return false;
      if (
        !/^use(Effect|LayoutEffect|Callback|Memo)$/.test(
          call
            .getExpression()
            .getText()
            .replace(/^React\./, ''),
        )
      )
        return false;
      const fn = call.getArguments()[0];
      return identifiersNamed(fn, UTILS).length > 0 && !a.getElements().some((e) => e.getText() === UTILS);
    });
    if (!arr) return;
    const names = arr.getElements().map((e) => e.getText());
    arr.replaceWithText(`[${[...names, UTILS].join(', ')}]`);
  }
}

/** `const trpc = useTRPC();` goes (the module's `trpc` takes its place), and `trpc` leaves dependency arrays. */
function dropUseTrpc(sf: SourceFile): boolean {
  let dropped = false;
  for (;;) {
    const st = sf.getDescendantsOfKind(SyntaxKind.VariableStatement).find((s) => {
      const ds = s.getDeclarations();
      return ds.length === 1 && ds[0].getInitializer()?.getText() === 'useTRPC()';
    });
    if (!st) break;
    const declName = st.getDeclarations()[0].getName();
    if (declName !== TRPC) {
      st.getDeclarations()[0].getInitializerOrThrow().replaceWithText(TRPC);
    } else st.remove();
    dropped = true;
  }
  if (dropped || importedFrom(sf, TRPC, trpcModules(sf))) {
    for (;;) {
      const id = identifiersNamed(sf, TRPC).find((i) => depsArrayOf(i));
      if (!id) break;
      removeFromDeps(depsArrayOf(id)!, TRPC);
    }
  }
  return dropped;
}

/** <TRPCProvider trpcClient={c} queryClient={q}> → <trpc.Provider client={c} queryClient={q}> */
function rewriteProvider(sf: SourceFile) {
  for (const el of [
    ...sf.getDescendantsOfKind(SyntaxKind.JsxOpeningElement),
    ...sf.getDescendantsOfKind(SyntaxKind.JsxSelfClosingElement),
  ]) {
    if (el.wasForgotten() || el.getTagNameNode().getText() !== 'TRPCProvider') continue;
    for (const attr of el.getAttributes()) {
      if (Node.isJsxAttribute(attr) && attr.getNameNode().getText() === 'trpcClient') attr.getNameNode().replaceWithText('client');
    }
    el.getTagNameNode().replaceWithText(`${TRPC}.Provider`);
  }
  for (const el of sf.getDescendantsOfKind(SyntaxKind.JsxClosingElement)) {
    if (el.getTagNameNode().getText() === 'TRPCProvider') el.getTagNameNode().replaceWithText(`${TRPC}.Provider`);
  }
}

/** The client's own trpc module: createTRPCContext → createTRPCReact. */
function rewriteTrpcModule(sf: SourceFile) {
  const old = sf.getImportDeclaration((d) => d.getModuleSpecifierValue() === '@trpc/tanstack-react-query');
  if (!old || !old.getNamedImports().some((n) => n.getName() === 'createTRPCContext')) return;
  old.replaceWithText(`import { createTRPCReact } from '@trpc/react-query';`);
  for (const st of sf.getVariableStatements()) {
    const init = st.getDeclarations()[0]?.getInitializer();
    if (init && init.getText().startsWith('createTRPCContext<')) {
      const typeArg = init.getText().slice('createTRPCContext'.length).replace(/\(\)$/, '');
      st.replaceWithText(
        `/** The typed hooks: trpc.a.b.useQuery / useMutation / useSubscription, trpc.useUtils(), trpc.Provider. */\nexport const ${TRPC} = createTRPCReact${typeArg}();`,
      );
    }
  }
}

function trpcModules(sf: SourceFile): string[] {
  return sf
    .getImportDeclarations()
    .map((d) => d.getModuleSpecifierValue())
    .filter((m) => m.startsWith('.') && /\/trpc(\.js|\.ts)?$/.test(m));
}

function usesIdentifier(sf: SourceFile, name: string): boolean {
  return identifiersNamed(sf, name).some((id) => !id.getFirstAncestorByKind(SyntaxKind.ImportDeclaration));
}

function fixImports(sf: SourceFile, needsTrpc: boolean) {
  const isTrpcModule = /[\\/]src[\\/]client[\\/]trpc\.tsx?$/.test(sf.getFilePath());
  for (const d of sf.getImportDeclarations()) {
    const mod = d.getModuleSpecifierValue();
    const dropIfUnused =
      mod === '@tanstack/react-query'
        ? ['useQuery', 'useMutation', 'useQueryClient', 'useSuspenseQuery']
        : mod === '@trpc/tanstack-react-query'
          ? ['useSubscription']
          : trpcModules(sf).includes(mod)
            ? ['useTRPC', 'useTRPCClient', 'TRPCProvider']
            : [];
    for (const n of d.getNamedImports()) {
      if (dropIfUnused.includes(n.getName()) && !usesIdentifier(sf, n.getAliasNode()?.getText() ?? n.getName())) n.remove();
    }
  }
  if (!isTrpcModule && (needsTrpc || usesIdentifier(sf, TRPC))) {
    const declaresTrpc = sf.getDescendantsOfKind(SyntaxKind.VariableDeclaration).some((v) => v.getName() === TRPC);
    const mod = trpcModules(sf)[0];
    const imp = mod ? sf.getImportDeclaration((d) => d.getModuleSpecifierValue() === mod) : undefined;
    if (!declaresTrpc && imp && !imp.getNamedImports().some((n) => n.getName() === TRPC)) imp.addNamedImport(TRPC);
  }
  for (const d of sf.getImportDeclarations()) {
    if (d.getNamedImports().length === 0 && !d.getDefaultImport() && !d.getNamespaceImport() && d.getImportClause()) d.remove();
  }
}

const LEFTOVER =
  /\b(useTRPC|useTRPCClient|TRPCProvider|createTRPCContext)\b|\.(queryOptions|mutationOptions|subscriptionOptions|queryKey|pathKey|queryFilter|pathFilter|infiniteQueryOptions)\(|@trpc\/tanstack-react-query/;

function convert(sf: SourceFile): { changed: boolean; leftovers: string[] } {
  const before = sf.getFullText();
  rewriteTrpcModule(sf);
  while (rewriteOnce(sf)) {
    /* one rewrite per pass: node wrappers are stale after an edit */
  }
  settleQueryClients(sf);
  const dropped = dropUseTrpc(sf);
  rewriteProvider(sf);
  fixImports(sf, dropped);
  const leftovers = sf
    .getFullText()
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => LEFTOVER.test(line) && !line.trim().startsWith('*') && !line.trim().startsWith('//'))
    .map(({ line, i }) => `${path.relative(process.cwd(), sf.getFilePath())}:${i + 1}: ${line.trim()}`);
  return { changed: sf.getFullText() !== before, leftovers };
}

function main() {
  const globs = process.argv.slice(2);
  const project = new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single },
  });
  const files = project.addSourceFilesAtPaths(globs.length ? globs : DEFAULT_GLOBS);
  const leftovers: string[] = [];
  let changed = 0;
  for (const sf of files) {
    const result = convert(sf);
    if (result.changed) {
      sf.saveSync();
      changed++;
    }
    leftovers.push(...result.leftovers);
  }
  console.log(`trpc-react-query: ${changed} of ${files.length} files converted`);
  if (leftovers.length) {
    console.log(`left for a hand (${leftovers.length}):\n${leftovers.join('\n')}`);
    process.exitCode = 1;
  }
}

main();
