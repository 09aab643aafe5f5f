import { feedback } from '../../../shared/api/feedback';
import { route } from '../../http/route';
import { getFeedback, getMyAgreement } from '../../services/feedback';

export const feedbackRoutes = [
  route(feedback.get, ({ db, user, params }) => getFeedback(db, user, params.questionId)),
  route(feedback.myAgreement, ({ db, user }) => getMyAgreement(db, user)),
];
