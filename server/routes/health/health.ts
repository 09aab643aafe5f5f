import { health } from '../../../shared/api/health';
import { DomainError } from '../../domain/errors';
import { databaseLevel } from '../../services/health';
import { locals } from '../../http/logging';
import { route } from '../../http/route';

export const healthRoutes = [
  route(health.check, ({ db, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      return { status: 'ok', migration: databaseLevel(db) };
    } catch (err) {
      locals(res).error = err;
      throw new DomainError('unavailable', 'The database does not answer.');
    }
  }),
];
