import { defineContractActionRoute } from '../contract-action-route';

export default defineContractActionRoute({
  action: 'SUSPEND',
  path: 'suspend',
  summary: 'Suspend an active contract (its users may only read)',
});
