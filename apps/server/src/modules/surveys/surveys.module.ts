import { surveyResponses, surveys } from '../../db/schema/visitors';
import { defineModule } from '../../platform/module';
import createSurvey from './routes/create-survey';
import deleteSurvey from './routes/delete-survey';
import endUserAnswerSurvey from './routes/end-user-answer-survey';
import endUserListSurveys from './routes/end-user-list-surveys';
import endUserSurveyQuestions from './routes/end-user-survey-questions';
import exportSurveyResponses from './routes/export-survey-responses';
import getSurvey from './routes/get-survey';
import listSurveyResponses from './routes/list-survey-responses';
import listSurveys from './routes/list-surveys';
import updateSurvey from './routes/update-survey';
import { seedDemoSurvey } from './survey-fixtures';

export const surveysModule = defineModule({
  name: 'surveys',
  routes: [
    createSurvey,
    deleteSurvey,
    endUserAnswerSurvey,
    endUserListSurveys,
    endUserSurveyQuestions,
    exportSurveyResponses,
    getSurvey,
    listSurveyResponses,
    listSurveys,
    updateSurvey,
  ],
  tables: [surveys, surveyResponses],
  demoSeed: seedDemoSurvey,
});
