import { parse as parseScript } from 'acorn';

// Button custom scripts (the spec: "Button custom script runs only if it parses as valid"): the
// SCRIPT links of a site's buttons and of campaign items. A script is the body of a function:
// it may `return`, and its names stay its own. Browsers get button-script.browser.ts (package.json
// "imports", condition "browser"), which fetches the parser only when loadScriptRules() is called.

/** Why a script cannot run: not JavaScript, at this line and column (both from 1). */
export type TScriptProblem = { message: 'sites.scriptInvalid'; params: { line: number; column: number } };

/** Where the parser gives up on `code`, or null when it parses. */
function parseError(code: string): { line: number; column: number } | null {
  try {
    // Parsed, never run (acorn: the same answer on the server and in a console whose CSP forbids eval).
    parseScript(code, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true });
    return null;
  } catch (e) {
    const loc = (e as { loc?: { line: number; column: number } }).loc;
    return { line: loc?.line ?? 1, column: (loc?.column ?? 0) + 1 };
  }
}

/** A custom script is run only if it parses. */
export function scriptParses(code: string): boolean {
  return code.trim() !== '' && parseError(code) === null;
}

/**
 * Makes code safe to sit between <script> and </script>: the HTML tokenizer leaves script data
 * only at `</script` (the end tag) or `<!--` (which may make it skip the end tag), so each gets a
 * backslash after its `<`. Where such text can appear in code that parses, the escape keeps its
 * meaning: in a string, a template (cooked) or a regular expression `\/` and `\!` stand for
 * themselves; a comment is not read. Elsewhere (`a </script/` compares with a regex; `<!--` as an
 * HTML-like comment; `\!` in a /u regex) the escaped code no longer parses, and is refused
 * (scriptProblem). The one visible difference: String.raw of a template shows the backslash.
 */
export function escapeInlineScript(code: string): string {
  return code.replace(/<(?=\/script|!--)/gi, '<\\');
}

/**
 * Why a button's custom script would not run, or null when it runs: it must parse as it was
 * written and as it is written into the page (escapeInlineScript). Empty and too long are the
 * schema's to say.
 */
export function scriptProblem(code: string): TScriptProblem | null {
  if (code.trim() === '') return null;
  const at = parseError(code) ?? parseError(escapeInlineScript(code));
  return at ? { message: 'sites.scriptInvalid', params: at } : null;
}

/** Nothing to fetch here: the parser is built in (see button-script.browser.ts). */
export async function loadScriptRules(): Promise<void> {}

/** Whether scriptProblem answers yet (always, here). */
export const scriptRulesLoaded = (): boolean => true;
