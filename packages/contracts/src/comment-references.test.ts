import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Comments and test titles say what a thing is or does. An issue's number, or the number of an
// item in one, points at a tracker a reader of the repository cannot see, so the sources hold
// none: a comment names the feature or the rule itself. Comments are read as the TypeScript
// parser sees them (trivia between tokens, JSX comments included), so a string or a name such as
// `item.at` is never taken for one.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCES = ['apps', 'packages', 'e2e', 'bench', 'scripts', '.ci'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results']);
const SCRIPT = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

const FORBIDDEN: { pattern: RegExp; why: string }[] = [
  { pattern: /\bissues?\s*#?\d+/i, why: 'an issue number' },
  { pattern: /\bitems?\s+\d+\b/i, why: 'a numbered item' },
];

function* sourceFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SCRIPT.test(entry.name) || entry.name.endsWith('.css')) yield full;
  }
}

/** Every comment of a script and the title of every describe/it/test call, with its offset. */
function scriptTexts(file: string, text: string): { at: number; text: string }[] {
  const kind = file.endsWith('x')
    ? ts.ScriptKind.TSX
    : file.endsWith('ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = new Map<number, string>();
  const addComments = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) found.set(r.pos, text.slice(r.pos, r.end));
  };
  const visit = (node: ts.Node) => {
    addComments(ts.getLeadingCommentRanges(text, node.pos));
    addComments(ts.getTrailingCommentRanges(text, node.end));
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression)
        ? node.expression.expression
        : node.expression;
      const title = node.arguments[0];
      if (ts.isIdentifier(callee) && /^(describe|it|test)$/.test(callee.text) && title)
        found.set(title.getStart(source), title.getText(source));
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found].sort(([a], [b]) => a - b).map(([at, said]) => ({ at, text: said }));
}

/** The markdown files of a folder of the repository, relative to it. */
const markdownIn = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(dir, f));

const cssComments = (text: string) =>
  [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ at: m.index, text: m[0] }));

describe('comments and test titles', () => {
  it('name no issue number and no numbered item, but the thing itself', () => {
    const found: string[] = [];
    for (const source of SOURCES) {
      for (const file of sourceFiles(path.join(ROOT, source))) {
        const relative = path.relative(ROOT, file);
        const text = fs.readFileSync(file, 'utf8');
        // Only a file whose text has such words anywhere is worth parsing.
        if (!FORBIDDEN.some(({ pattern }) => pattern.test(text))) continue;
        const texts = file.endsWith('.css') ? cssComments(text) : scriptTexts(file, text);
        for (const { at, text: said } of texts) {
          for (const { pattern, why } of FORBIDDEN) {
            const hit = said.match(pattern);
            if (!hit) continue;
            const line = text.slice(0, at + (hit.index ?? 0)).split('\n').length;
            found.push(`${relative}:${line}: ${why}: "${hit[0]}"`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('nor do the project documents a newcomer reads', () => {
    const documents = ['README.md', 'CONTRIBUTING.md', 'bench/README.md', ...markdownIn('docs')];
    const found: string[] = [];
    for (const document of documents) {
      const text = fs.readFileSync(path.join(ROOT, document), 'utf8');
      text.split('\n').forEach((line, i) => {
        for (const { pattern, why } of FORBIDDEN) {
          const hit = line.match(pattern);
          if (hit) found.push(`${document}:${i + 1}: ${why}: "${hit[0]}"`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('still finds one in a comment, a JSX comment and a test title, and not in code', () => {
    const file = 'example.tsx';
    const text = [
      '// A running experiment (issue 20): its variation.',
      'const item = [1]; const first = item.at(0); const label = "issue 7";',
      'const page = () => <div>{/* item 4 of the list */}</div>;',
      "it('keeps issue 19 out', () => {});",
    ].join('\n');
    const hits = scriptTexts(file, text)
      .filter(({ text: said }) => FORBIDDEN.some(({ pattern }) => pattern.test(said)))
      .map(({ text: said }) => said);
    expect(hits).toEqual([
      '// A running experiment (issue 20): its variation.',
      '/* item 4 of the list */',
      "'keeps issue 19 out'",
    ]);
  });
});
