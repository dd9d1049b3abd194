import { users } from '../../db/schema/accounts';
import { contracts } from '../../db/schema/plans';
import { defineModule } from '../../platform/module';
import { contractJobs } from './contract-jobs';
import cancelContractPlan from './routes/cancel-contract-plan';
import changeContractPlan from './routes/change-contract-plan';
import createUser from './routes/create-user';
import exportUsers from './routes/export-users';
import getUser from './routes/get-user';
import listUserHistory from './routes/list-user-history';
import listUsers from './routes/list-users';
import resumeContract from './routes/resume-contract';
import suspendContract from './routes/suspend-contract';
import terminateContract from './routes/terminate-contract';
import updateUser from './routes/update-user';

export const usersModule = defineModule({
  name: 'users',
  routes: [
    cancelContractPlan,
    changeContractPlan,
    createUser,
    exportUsers,
    getUser,
    listUserHistory,
    listUsers,
    resumeContract,
    suspendContract,
    terminateContract,
    updateUser,
  ],
  recurring: contractJobs,
  tables: [users, contracts],
});
