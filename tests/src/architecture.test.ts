import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IResolveOptions } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import extractWebpackResolveConfig from 'dependency-cruiser/config-utl/extract-webpack-resolve-config';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The rules that keep the house (`.dependency-cruiser.cjs`, run by `npm run lint:arch`) bite: each
 * reports, by name, the violation it exists for in a small tree written for it, and a clean tree
 * passes. The repo's own config and resolver, not a copy of them.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Writes `files` (path relative to the tree → source) into a fresh folder and returns it. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kupon-arch-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

/** Cruises a tree's workspace folders with the repo's rules; answers the names of the rules it broke. */
async function brokenRules(root: string): Promise<string[]> {
  const config = await extractDepcruiseConfig(join(ROOT, '.dependency-cruiser.cjs'));
  // enhanced-resolve's options as webpack types them; dependency-cruiser's own type names a narrower file system.
  const resolve = (await extractWebpackResolveConfig(join(ROOT, '.dependency-cruiser.resolve.cjs'))) as Partial<IResolveOptions>;
  const { webpackConfig: _webpack, ...options } = config.options ?? {};
  const { output } = await cruise(['domain/src', 'api/src'], { ...options, baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden ?? [] } }, resolve);
  const result = output as ICruiseResult;
  return [...new Set(result.summary.violations.map((violation) => violation.rule.name))].sort();
}

const trees: string[] = [];
afterAll(() => {
  for (const root of trees) rmSync(root, { recursive: true, force: true });
});

function written(files: Record<string, string>): string {
  const root = tree(files);
  trees.push(root);
  return root;
}

describe('the architecture rules', () => {
  it('report a circle, a route importing a route or the app, the old routes folder, a wrong workspace arrow, an unresolved import and I/O in the domain', async () => {
    const root = written({
      // Two files importing each other (types only: those count too).
      'domain/src/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
      'domain/src/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
      // The domain reading a file.
      'domain/src/reads.ts': "import { readFileSync } from 'node:fs';\nexport const read = (path: string): string => readFileSync(path, 'utf8');\n",
      // The domain importing the api: an arrow ARCHITECTURE.md does not draw.
      'domain/src/upward.ts': "import { app } from '../../api/src/app';\nexport const upward = app;\n",
      'api/src/app.ts': 'export const app = 1;\n',
      'api/src/x/x-routes.ts': "import { y } from '../y/y-routes';\nimport { app } from '../app';\nexport const x = y + app;\n",
      'api/src/y/y-routes.ts': 'export const y = 1;\n',
      'api/src/z/routes.ts': "import { old } from '../routes/old';\nexport const z = old;\n",
      'api/src/routes/old.ts': 'export const old = 1;\n',
      // An import that resolves to nothing: an edge the other rules could not see.
      'api/src/http/lost.ts': "export { gone } from './gone';\n",
    });
    expect(await brokenRules(root)).toEqual([
      'domain-no-io',
      'no-circular',
      'no-route-to-app',
      'no-route-to-route',
      'no-routes-folder',
      'not-to-unresolvable',
      'workspace-arrows',
    ]);
  }, 10_000);

  it('report nothing on a tree that keeps them', async () => {
    const root = written({
      'domain/src/money.ts': 'export type Minor = number;\n',
      'domain/src/wallet.ts': "import type { Minor } from './money';\nexport const balance = (amount: Minor): Minor => amount;\n",
      'api/src/app.ts': "import { x } from './x/x-routes';\nimport { y } from './y/routes';\nexport const app = x + y;\n",
      'api/src/http/errors.ts': 'export const notFound = 404;\n',
      'api/src/x/x-routes.ts': "import { balance } from '../../../domain/src/wallet';\nimport { notFound } from '../http/errors';\nexport const x = balance(notFound);\n",
      'api/src/y/routes.ts': "import { notFound } from '../http/errors';\nexport const y = notFound;\n",
    });
    expect(await brokenRules(root)).toEqual([]);
  }, 10_000);
});
