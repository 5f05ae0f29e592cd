// @ts-check
/**
 * How dependency-cruiser resolves the clients' path aliases (`@/…`, the back office's `@contract/…`):
 * each workspace's own tsconfig `paths`, chosen by the importing file's workspace. One tsconfig for the
 * whole repo cannot do it (web and the back office both map `@/` to their own src), so this small
 * enhanced-resolve plugin reads them; `.dependency-cruiser.cjs` points its `webpackConfig` here.
 * `@kupon/*` needs nothing: it resolves through the node_modules symlinks to the workspace folders.
 */
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

/** @type {Map<string, { root: string, paths: [string, string][] } | null>} */
const byDirectory = new Map();

/** The nearest workspace (a folder with a tsconfig.json) above `directory`, with its `paths` as prefix pairs. */
function workspaceOf(directory) {
  if (byDirectory.has(directory)) return byDirectory.get(directory) ?? null;
  let found = null;
  const tsconfig = path.join(directory, 'tsconfig.json');
  if (fs.existsSync(tsconfig)) {
    const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile);
    /** @type {Record<string, string[]>} */
    const paths = config?.compilerOptions?.paths ?? {};
    found = {
      root: directory,
      paths: Object.entries(paths).flatMap(([pattern, targets]) =>
        pattern.endsWith('/*') && targets[0]?.endsWith('/*') ? [[pattern.slice(0, -1), path.resolve(directory, targets[0].slice(0, -1))]] : [],
      ),
    };
  } else if (path.dirname(directory) !== directory) {
    found = workspaceOf(path.dirname(directory));
  }
  byDirectory.set(directory, found);
  return found;
}

class WorkspacePathsPlugin {
  /** @param {any} resolver enhanced-resolve's Resolver */
  apply(resolver) {
    const target = resolver.ensureHook('internal-resolve');
    resolver.getHook('described-resolve').tapAsync('WorkspacePathsPlugin', (request, context, callback) => {
      const wanted = request.request;
      const workspace = typeof wanted === 'string' && wanted.startsWith('@') && request.path ? workspaceOf(request.path) : null;
      const alias = workspace?.paths.find(([prefix]) => wanted.startsWith(prefix));
      if (!alias) return callback();
      const replaced = path.join(alias[1], wanted.slice(alias[0].length));
      return resolver.doResolve(target, { ...request, request: replaced }, `${workspace.root} paths: ${wanted} → ${replaced}`, context, callback);
    });
  }
}

module.exports = { resolve: { plugins: [new WorkspacePathsPlugin()] } };
