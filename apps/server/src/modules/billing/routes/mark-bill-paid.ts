import { defineBillActionRoute } from '../bill-action-route';

export default defineBillActionRoute({
  url: '/api/bills/:id/mark-paid',
  move: 'MARK_PAID',
  summary: 'A bank transfer was received: an unpaid or failed bill becomes paid (MASTER)',
  message: 'billing.markedPaid',
});
