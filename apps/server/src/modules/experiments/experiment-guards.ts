import { SITE_EDIT_ROLES, SITE_VIEW_ROLES } from '../site-core/site-access';

// Experiments are part of effect measurement: the plan must include it (a 403 with the plan's
// message otherwise), like every analysis.

export const EXPERIMENT_VIEW = {
  roles: SITE_VIEW_ROLES,
  authority: 'VIEW',
  planFlag: 'analyticsEffect',
} as const;
export const EXPERIMENT_EDIT = {
  roles: SITE_EDIT_ROLES,
  authority: 'EDIT',
  planFlag: 'analyticsEffect',
} as const;
