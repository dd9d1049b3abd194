import { ZListSitesQuery } from '@swipe/contracts/site-api';
import { defineListQuery, type TListQuery } from '../../app/use-list-query';

// The site list's query in the address (?keyword=&status=&page=&size=, see use-list-query.ts).
// The account of /site/list/:accountId comes from the path, not the query.

export const siteListQuery = defineListQuery(ZListSitesQuery.omit({ accountId: true }));

export type TSiteListQuery = TListQuery<typeof siteListQuery> & { accountId?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An account id as the API accepts it; anything else in the path is not an account. */
export const isAccountId = (value: string | undefined): value is string => !!value && UUID.test(value);

/** The account a path scopes the list to, as the API takes it (none for anything else). */
export const accountScope = (raw: string | undefined) => (isAccountId(raw) ? raw.toLowerCase() : undefined);
