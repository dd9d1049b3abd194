import { defineBillActionRoute } from '../bill-action-route';

export default defineBillActionRoute({
  move: 'MARK_PAID',
  path: 'mark-paid',
  summary: 'A bank transfer was received: an unpaid or failed bill becomes paid (MASTER)',
  message: 'billing.markedPaid',
});
