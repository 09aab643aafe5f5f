import { feedback } from '../../../shared/api/feedback';
import { routesOf } from '../../http/route';
import { presentFeedback } from '../../presenters/feedback';
import { getFeedback, getMyAgreement } from '../../services/feedback';

export const feedbackRoutes = routesOf(feedback, {
  get: ({ db, user, params }) => presentFeedback(getFeedback(db, user, params.questionId)),
  myAgreement: ({ db, user }) => getMyAgreement(db, user),
});
