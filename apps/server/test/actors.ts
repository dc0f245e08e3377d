import type { FastifyInstance } from 'fastify';
import type { User } from '@campus/contract';
import { buildProfessor, buildStudent, loginAdmin, loginExamOffice, type TestUser } from './factories';

export const ACTOR_NAMES = ['anonymous', 'student', 'otherStudent', 'professor', 'otherProfessor', 'examOffice', 'admin'] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];

export interface Actors {
  student: TestUser;
  otherStudent: TestUser;
  professor: TestUser;
  otherProfessor: TestUser;
  examOffice: TestUser;
  /** The first administrator: a professor account with isAdmin, teaching nothing. */
  admin: TestUser;
}

/** The cast of the authorization tests, each logged in with a fresh session. */
export async function buildActors(app: FastifyInstance): Promise<Actors> {
  return {
    student: await buildStudent(app),
    otherStudent: await buildStudent(app),
    professor: await buildProfessor(app),
    otherProfessor: await buildProfessor(app),
    examOffice: await loginExamOffice(app),
    admin: await loginAdmin(app),
  };
}

export const cookieOf = (actors: Actors, name: ActorName): Record<string, string> =>
  name === 'anonymous' ? {} : { cookie: actors[name].cookie };

export const userOf = (actors: Actors, name: ActorName): User | undefined => (name === 'anonymous' ? undefined : actors[name].user);
