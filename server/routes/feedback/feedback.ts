import { feedback } from '../../../shared/api/feedback';
import { routesOf } from '../../http/route';
import { getFeedback, getMyAgreement } from '../../services/feedback';

export const feedbackRoutes = routesOf(feedback, {
  get: ({ db, user, params }) => getFeedback(db, user, params.questionId),
  myAgreement: ({ db, user }) => getMyAgreement(db, user),
});
