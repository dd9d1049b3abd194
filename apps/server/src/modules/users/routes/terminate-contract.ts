import { defineContractActionRoute } from '../contract-action-route';

export default defineContractActionRoute({
  action: 'TERMINATE',
  path: 'terminate',
  summary: 'Terminate a contract for good (access lost, irreversible)',
});
