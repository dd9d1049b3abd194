import { defineBillActionRoute } from '../bill-action-route';

export default defineBillActionRoute({
  url: '/api/bills/:id/force-complete',
  move: 'FORCE_COMPLETE',
  summary: 'Closes an unpaid bill without payment, irreversibly, with a reason (MASTER)',
  message: 'billing.forceCompleted',
});
