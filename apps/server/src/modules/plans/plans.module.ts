import { plans } from '../../db/schema/plans';
import { defineModule } from '../../platform/module';
import checkPlan from './routes/check-plan';
import createPlan from './routes/create-plan';
import getPlan from './routes/get-plan';
import listPlans from './routes/list-plans';
import retirePlan from './routes/retire-plan';
import updatePlan from './routes/update-plan';

export const plansModule = defineModule({
  name: 'plans',
  routes: [checkPlan, createPlan, getPlan, listPlans, retirePlan, updatePlan],
  tables: [plans],
});
