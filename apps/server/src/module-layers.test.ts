import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { consoleProblems, layerProblems } from './module-layers';

function tree(files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('server layers', () => {
  it('hold in this tree: no module cycle, no upward import', () => {
    expect(layerProblems()).toEqual([]);
  });

  it('finds a cycle between modules, however long', () => {
    const root = tree({
      'modules/a/a.service.ts': "import { b } from '../b/b.service';",
      'modules/b/b.service.ts': "import { c } from '../c/c.service';",
      'modules/c/routes/get-c.ts': "import { a } from '../../a/a.service';",
    });
    expect(layerProblems(root)).toEqual([{ kind: 'cycle', text: 'a -> b -> c -> a' }]);
  });

  it('finds upward imports: the base into a module, a module into the published sites, anything into the root', () => {
    const root = tree({
      'platform/cache.ts': "import { m } from '../modules/members/member-cookie';",
      'modules/members/member-cookie.ts':
        "export const m = 1;\nimport type { X } from '../published-sites/pages-http';",
      'modules/published-sites/pages-http.ts': "import { seed } from '../../seed/seed';",
      'seed/seed.ts': "import { m } from '../modules/members/member-cookie';",
      'modules/members/members.int.test.ts': "import { v } from '../published-sites/pages-http';",
    });
    expect(layerProblems(root).map((p) => p.text)).toEqual([
      "modules/members/member-cookie.ts imports '../published-sites/pages-http' (module members -> top published-sites)",
      "modules/published-sites/pages-http.ts imports '../../seed/seed' (top published-sites -> root seed)",
      "platform/cache.ts imports '../modules/members/member-cookie' (base platform -> module members)",
    ]);
  });
});

describe('console layers', () => {
  it('hold in this tree: no feature cycle, no shared piece importing a feature', () => {
    expect(consoleProblems()).toEqual([]);
  });

  it('finds a cycle between features and a shared piece that imports one; the shell and tests may', () => {
    const root = tree({
      'features/sites/site-row.tsx': "import { Share } from '../preview-share/share';",
      'features/preview-share/share.tsx': "import { access } from '../sites/sites-ui';",
      'features/sites/sites-ui.tsx': "import { useShell } from '../../app/use-shell';",
      'app/value-store.ts': "import { select } from '../features/site-editor/editor-context';",
      'features/site-editor/editor-context.tsx': 'export const select = 1;',
      'app/router.tsx': "const sites = () => import('../features/sites/site-row');",
      'i18n/i18next.d.ts': "import type sites from '../features/sites/i18n/en.json';",
      'features/sites/site-row.test.tsx': "import { x } from '../site-editor/editor-context';",
    });
    expect(consoleProblems(root).map((p) => p.text)).toEqual([
      "app/value-store.ts imports '../features/site-editor/editor-context' (app -> feature site-editor)",
      'features: preview-share -> sites -> preview-share',
    ]);
  });
});
