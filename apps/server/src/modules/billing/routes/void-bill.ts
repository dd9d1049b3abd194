import { defineBillActionRoute } from '../bill-action-route';

export default defineBillActionRoute({
  url: '/api/bills/:id/void',
  move: 'VOID',
  summary: 'Voids an unpaid bill before any payment (MASTER)',
  message: 'billing.voided',
});
