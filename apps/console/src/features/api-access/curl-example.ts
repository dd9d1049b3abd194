import type { TApiAuthMethod } from '@swipe/contracts/api-access';

// The copy-and-run request the dialog shows for each method. Secrets stay in shell variables
// so a key or password never ends up in the example (or in shell history) by accident.

export function curlExample(opts: {
  method: TApiAuthMethod;
  baseUrl: string;
  clientId: string | null;
  basicId: string;
}): string {
  // One option per line (shell continuations), so it reads well on a narrow screen too.
  const url = `${opts.baseUrl}/account`;
  const auth =
    opts.method === 'API_KEY'
      ? '-H "X-Api-Key: $SWIPE_API_KEY"'
      : opts.method === 'BASIC'
        ? `-u "${opts.basicId || '<ID>'}:$SWIPE_API_PASSWORD"`
        : `-H "X-Api-Client: ${opts.clientId ?? '<CLIENT_ID>'}"`;
  return `curl ${auth} \\\n  ${url}`;
}
