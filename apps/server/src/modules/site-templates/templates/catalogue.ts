import type { TSiteTemplateDef } from '../template-types';
import { appInstall } from './app-install';
import { event } from './event';
import { leadMagnet } from './lead-magnet';
import { productLaunch } from './product-launch';
import { recruitment } from './recruitment';
import { restaurant } from './restaurant';

/** The starter sites, in the gallery's order. A new one is a file beside this and a line here. */
export const SITE_TEMPLATES: readonly TSiteTemplateDef[] = [
  productLaunch,
  event,
  recruitment,
  restaurant,
  appInstall,
  leadMagnet,
];

export const findTemplate = (id: string): TSiteTemplateDef | undefined =>
  SITE_TEMPLATES.find((t) => t.id === id);
