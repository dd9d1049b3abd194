import { defineContractActionRoute } from '../contract-action-route';

export default defineContractActionRoute({
  action: 'RESUME',
  path: 'resume',
  summary: 'Resume a suspended contract',
});
