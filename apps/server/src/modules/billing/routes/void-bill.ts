import { defineBillActionRoute } from '../bill-action-route';

export default defineBillActionRoute({
  move: 'VOID',
  path: 'void',
  summary: 'Voids an unpaid bill before any payment (MASTER)',
  message: 'billing.voided',
});
