import { defineContractActionRoute } from '../contract-action-route';

export default defineContractActionRoute({
  url: '/api/users/:id/contract/suspend',
  action: 'SUSPEND',
  summary: 'Suspend an active contract (its users may only read)',
});
