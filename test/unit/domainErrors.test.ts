import { describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_CODES, DomainError } from '../../server/domain/errors';
import { AppError, DOMAIN_STATUS, toAppError } from '../../server/http/errors';
import { ERROR_CODES } from '../../shared/errors';

describe('domain errors and their HTTP form', () => {
  it('gives every domain code an HTTP status and a place among the API codes', () => {
    for (const code of DOMAIN_ERROR_CODES) {
      expect(DOMAIN_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_CODES as readonly string[]).toContain(code);
    }
    expect(Object.keys(DOMAIN_STATUS).sort()).toEqual([...DOMAIN_ERROR_CODES].sort());
  });

  it('keeps code, message and details, taking the status from the code only', () => {
    const http = toAppError(new DomainError('stale_version', 'changed by someone else', { currentVersion: 3 }));
    expect(http).toBeInstanceOf(AppError);
    expect({ status: http.status, code: http.code, message: http.message, details: http.details }).toEqual({
      status: 409,
      code: 'stale_version',
      message: 'changed by someone else',
      details: { currentVersion: 3 },
    });
    expect(toAppError(new DomainError('not_found', 'gone')).status).toBe(404);
    expect(toAppError(new DomainError('rate_limited', 'wait', undefined, 60)).status).toBe(429);
  });
});
