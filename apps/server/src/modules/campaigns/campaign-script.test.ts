import vm from 'node:vm';
import { escapeInlineScript } from '@swipe/contracts/button-script';
import { describe, expect, it } from 'vitest';
import { scriptDocument } from './campaign-script';

// The document a SCRIPT item's frame loads: the code within one <script> element whatever text
// it holds, meaning what it meant.

/** The script element's text as an HTML parser reads it, or null when it would not end where it should. */
function scriptText(html: string) {
  const start = '<!doctype html><meta charset=utf-8><script>';
  expect(html.startsWith(start)).toBe(true);
  expect(html.endsWith('</script>')).toBe(true);
  const text = html.slice(start.length, -'</script>'.length);
  // The tokenizer leaves script data only at `</script` or `<!--`.
  return /<\/script|<!--/i.test(text) ? null : text;
}

/** What the code leaves in `out` when run as the frame would run it. */
function run(code: string) {
  const text = scriptText(scriptDocument(code)!);
  expect(text).not.toBeNull();
  const sandbox: { out?: unknown } = {};
  vm.runInNewContext(text!, sandbox);
  return sandbox.out;
}

describe('a SCRIPT item’s document', () => {
  it('holds code with </script> and <!-- in strings, templates, regexes and comments, unchanged in meaning', () => {
    const code = [
      '// a comment </script> <!-- here',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      'var s = "</script><!--" + \'</SCRIPT >\' + `<!-- ${"</script>"} -->`;',
      'var r = /<\\/script>/.test("</script>") && /<!--/.test("<!--") && /[<!--]/.test("!");',
      '/* </script> */',
      'out = [s, r];',
    ].join('\n');
    expect(run(code)).toEqual(['</script><!--</SCRIPT ><!-- </script> -->', true]);
  });

  it('runs code with a return outside any function, and a last line that is a comment', () => {
    expect(run('out = 1;\nif (out) return;\nout = 2; // the end')).toBe(1);
  });

  it('is refused when the code does not parse, before or after escaping', () => {
    expect(scriptDocument('')).toBeNull();
    expect(scriptDocument('out = (')).toBeNull();
    // Text that only code could hold: a comparison with a regex, an HTML-like comment.
    expect(scriptDocument('var a = 1; a </script/i')).toBeNull();
    expect(scriptDocument('<!-- a legacy comment\nout = 1')).toBeNull();
    expect(escapeInlineScript('x </Script> <!-- </b>')).toBe('x <\\/Script> <\\!-- </b>');
  });
});
