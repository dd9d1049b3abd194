import type * as TParsed from './button-script';

// What browsers get for button-script.ts (package.json "imports", condition "browser"): the same
// rules, with the JavaScript parser (acorn, ~35 KB gzip) fetched only when loadScriptRules() is
// called: by the site editor when a button's script field shows (the editor's first load does not
// carry it), and before the campaign pages open. Until then scripts are not checked here; the
// server checks every save with the parser built in.

export type { TScriptProblem } from './button-script';

let parsed: typeof TParsed | null = null;

/** Fetches the parser behind the script rules, once. */
export async function loadScriptRules(): Promise<void> {
  parsed ??= await import('./button-script');
}

export const scriptRulesLoaded = (): boolean => parsed !== null;

export const scriptProblem: typeof TParsed.scriptProblem = (code) =>
  parsed ? parsed.scriptProblem(code) : null;

/** Until the parser is loaded, any script that is not blank passes (the server has the last word). */
export const scriptParses: typeof TParsed.scriptParses = (code) =>
  parsed ? parsed.scriptParses(code) : code.trim() !== '';
