import { ZUserListQuery } from '@swipe/contracts/users';
import { defineListQuery } from '../../app/use-list-query';

// The user list's query in the address (?keyword=&plan=&status=&kind=&sort=&order=&page=&size=,
// see use-list-query.ts): the contract's own schema, so the console asks for nothing it refuses.

export const userListQuery = defineListQuery(ZUserListQuery);
