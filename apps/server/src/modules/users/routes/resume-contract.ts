import { defineContractActionRoute } from '../contract-action-route';

export default defineContractActionRoute({
  url: '/api/users/:id/contract/resume',
  action: 'RESUME',
  summary: 'Resume a suspended contract',
});
