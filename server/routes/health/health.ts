import { health } from '../../../shared/api/health';
import { DomainError } from '../../domain/errors';
import { databaseLevel } from '../../services/health';
import { locals } from '../../http/logging';
import { routesOf } from '../../http/route';
import { sandboxOf } from '../../services/sandbox/registry';

export const healthRoutes = routesOf(health, {
  check: ({ db, req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      return { status: 'ok', migration: databaseLevel(db), sandbox: sandboxOf(req.app).current() };
    } catch (err) {
      locals(res).error = err;
      throw new DomainError('unavailable', 'The database does not answer.');
    }
  },
});
