import { defineContractActionRoute } from '../contract-action-route';

export default defineContractActionRoute({
  url: '/api/users/:id/contract/terminate',
  action: 'TERMINATE',
  summary: 'Terminate a contract for good (access lost, irreversible)',
});
