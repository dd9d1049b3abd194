import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TTestApp } from '../../test/harness';

// Shared set-up of the users and contracts integration tests.

export type TSignedInCall = (
  caller: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  lang?: string,
) => Promise<LightMyRequestResponse>;

/** Sends requests as the named operator, signing each one in once; messages in English unless told. */
export function signedInCaller(t: TTestApp): TSignedInCall {
  const tokens = new Map<string, string>();
  return async (caller, method, url, payload, lang = 'en') => {
    if (!tokens.has(caller)) tokens.set(caller, (await t.login(caller)).access_token);
    return t.app.inject({
      method,
      url,
      headers: { ...t.bearer(tokens.get(caller)!), 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
  };
}

/** A seeded app whose contract-end effect records the accounts it was run for, in `ended`. */
export async function startContractsTestApp() {
  const ended: string[][] = [];
  const t = await startTestApp(
    {},
    {
      modules: [
        {
          name: 'test-contract-end',
          contractEndEffects: [
            async (_db, accountIds) => {
              ended.push(accountIds);
            },
          ],
        },
      ],
    },
  );
  return { t, ended, call: signedInCaller(t) };
}
