import { defineBillActionRoute } from '../bill-action-route';

export default defineBillActionRoute({
  move: 'FORCE_COMPLETE',
  path: 'force-complete',
  summary: 'Closes an unpaid bill without payment, irreversibly, with a reason (MASTER)',
  message: 'billing.forceCompleted',
});
