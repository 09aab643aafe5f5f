import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../../server/app';
import type { DB } from '../../db/database';
import type { BuiltUser } from './builders';

export function testApp(db: DB): Express {
  return createApp({ db, log: () => {} });
}

/** A supertest agent: keeps its session cookie between requests. */
export type Agent = ReturnType<typeof request.agent>;

/** A supertest agent logged in as the user (keeps the session cookie). */
export async function loginAs(app: Express, user: Pick<BuiltUser, 'username' | 'password'>): Promise<Agent> {
  const agent = request.agent(app);
  const res = await agent.post('/api/auth/login').send({ username: user.username, password: user.password });
  if (res.status !== 200) throw new Error(`login as ${user.username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}
