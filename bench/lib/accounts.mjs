// Accounts for the benchmarks, made through the real API: signup (multipart with a PNG avatar)
// and login, which answers the session cookie.
import { tinyPng } from './png.mjs';

export const BENCH_PASSWORD = 'bench-password-long';

/** Signs a user up; `fields` overrides the defaults (a semester-3 student of Computer Engineering). */
export async function register(base, fields) {
  const all = { email: `bench-${fields.registrationId}@campus.test`, fullname: 'Bench User', password: BENCH_PASSWORD, semester: '3', branch: 'Computer Engineering', userrole: '2', ...fields };
  const form = new FormData();
  for (const [k, v] of Object.entries(all)) form.append(k, String(v));
  form.append('avatar', new Blob([tinyPng], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${base}/api/v1/users/register`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data;
}

/** One login; returns the response (already read) for callers that time it. */
export async function login(base, registrationId, password = BENCH_PASSWORD) {
  const res = await fetch(`${base}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ registrationId: String(registrationId), password }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return res;
}

/** Logs in and returns the `campus_session=…` cookie pair. */
export async function sessionCookie(base, registrationId, password = BENCH_PASSWORD) {
  const res = await login(base, registrationId, password);
  const session = res.headers.getSetCookie().find((c) => c.startsWith('campus_session='));
  if (!session) throw new Error('login set no campus_session cookie');
  return session.split(';')[0];
}

/** Signs a user up and logs them in; returns the user and the cookie. */
export async function signedIn(base, fields) {
  const user = await register(base, fields);
  return { user, cookie: await sessionCookie(base, fields.registrationId, fields.password) };
}
