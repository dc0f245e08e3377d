// Seeds a migrated Campus Portal database with set-based SQL (one INSERT … SELECT per table):
// students, professors, their courses and enrolments. Works on the embedded PGlite folder of a
// stopped server or on a PostgreSQL database given by URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SEED = { students: 20_000, professors: 200, courses: 2_000, coursesPerStudent: 3 };

// packages/contract/src/constants.ts BRANCHES and SEMESTERS.
const BRANCHES = [
  'Computer Engineering',
  'Information Technology',
  'Civil Engineering',
  'Electrical Engineering',
  'Electronics Engineering',
  'Electronics and Telecommunication Engineering',
  'Mechanical Engineering',
  'Production Engineering',
  'Textile Engineering',
];
const SEMESTERS = 8;

// Course subjects; several contain "data" so a title search for it has something to find.
const SUBJECTS = [
  'Data Structures',
  'Database Systems',
  'Data Mining',
  'Big Data Analytics',
  'Data Communication',
  'Algorithms',
  'Operating Systems',
  'Computer Networks',
  'Compiler Design',
  'Machine Learning',
  'Artificial Intelligence',
  'Software Engineering',
  'Web Technologies',
  'Cloud Computing',
  'Cryptography',
  'Discrete Mathematics',
  'Linear Algebra',
  'Engineering Mathematics',
  'Probability and Statistics',
  'Engineering Physics',
  'Engineering Chemistry',
  'Thermodynamics',
  'Fluid Mechanics',
  'Strength of Materials',
  'Machine Design',
  'Manufacturing Processes',
  'Structural Analysis',
  'Surveying',
  'Geotechnical Engineering',
  'Transportation Engineering',
  'Circuit Theory',
  'Power Systems',
  'Control Systems',
  'Electrical Machines',
  'Digital Electronics',
  'Analog Circuits',
  'Signals and Systems',
  'Microprocessors',
  'Yarn Manufacture',
  'Fabric Structure',
];
const FIRST = ['Aarav', 'Ishita', 'Rohan', 'Priya', 'Kabir', 'Ananya', 'Vikram', 'Meera', 'Arjun', 'Sneha', 'Nikhil', 'Pooja', 'Sameer', 'Divya', 'Rahul', 'Kavya', 'Aditya', 'Neha', 'Siddharth', 'Tanvi'];
const LAST = ['Sharma', 'Patil', 'Iyer', 'Deshmukh', 'Kulkarni', 'Reddy', 'Nair', 'Joshi', 'Gupta', 'Mehta', 'Shah', 'Rao', 'Khan', 'Banerjee', 'Pillai', 'Chavan', 'Menon', 'Verma'];

// Registration ids and course numbers of seeded rows; the bench's own accounts use 2000000xx.
const STUDENT_REG = 310_000_000;
const PROFESSOR_REG = 320_000_000;
const COURSE_NUMBER = 410_000_000;

const lit = (s) => `'${s.replaceAll("'", "''")}'`;
const arr = (xs) => `ARRAY[${xs.map(lit).join(', ')}]::text[]`;

/** The seed as SQL statements, in order. Row n of each table is derived from generate_series. */
export function seedStatements({ students, professors, courses, coursesPerStudent } = SEED) {
  const person = (n) => `(${arr(FIRST)})[1 + ${n} % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (${n} / ${FIRST.length}) % ${LAST.length}]`;
  const branch = (expr) => `(${arr(BRANCHES)})[1 + ${expr} % ${BRANCHES.length}]`;
  // Stride coprime with the course count: each student's courses spread over the whole table,
  // and the slot offsets (0, step, 2·step, …) keep one student's courses distinct.
  const stride = 7919;
  const step = Math.floor(courses / coursesPerStudent);
  return [
    `INSERT INTO users (id, registration_id, email, fullname, semester, branch, userrole, avatar_file_id, password_hash, is_exam_office, created_at, updated_at)
     SELECT gen_random_uuid(), ${STUDENT_REG} + n, 'student' || n || '@bench.campus.test', ${person('n')},
            1 + n % ${SEMESTERS}, ${branch(`(n / ${SEMESTERS})`)}, 2, NULL, 'x', false,
            now() - n * interval '1 minute', now() - n * interval '1 minute'
     FROM generate_series(1, ${students}) AS n`,
    `INSERT INTO users (id, registration_id, email, fullname, semester, branch, userrole, avatar_file_id, password_hash, is_exam_office, created_at, updated_at)
     SELECT gen_random_uuid(), ${PROFESSOR_REG} + n, 'professor' || n || '@bench.campus.test', 'Prof. ' || ${person('(n * 7)')},
            1, ${branch('n')}, 1, NULL, 'x', false, now() - interval '400 days', now() - interval '400 days'
     FROM generate_series(1, ${professors}) AS n`,
    `INSERT INTO courses (id, title, description, coursenumber, semester, branch, thumbnail_file_id, owner_id, exam_date, created_at, updated_at)
     SELECT gen_random_uuid(), s.subject || ' ' || c.n,
            'A course on ' || lower(s.subject) || ' for semester ' || (1 + c.n % ${SEMESTERS}) || ' students: lectures, tutorials, weekly problem sets and a final examination.',
            ${COURSE_NUMBER} + c.n, 1 + c.n % ${SEMESTERS}, ${branch(`(c.n / ${SEMESTERS})`)}, NULL, p.id,
            CASE WHEN c.n % 3 = 0 THEN current_date + (c.n % 120) END,
            now() - c.n * interval '37 minutes', now() - c.n * interval '37 minutes'
     FROM generate_series(1, ${courses}) AS c(n)
     CROSS JOIN LATERAL (SELECT (${arr(SUBJECTS)})[1 + (c.n * 13) % ${SUBJECTS.length}] AS subject) AS s
     JOIN (SELECT id, registration_id - ${PROFESSOR_REG} - 1 AS k FROM users WHERE userrole = 1 AND registration_id > ${PROFESSOR_REG}
           AND registration_id <= ${PROFESSOR_REG + professors}) AS p ON p.k = c.n % ${professors}`,
    `INSERT INTO enrollments (course_id, student_id, joined_at)
     SELECT c.id, s.id, now() - ((s.k * ${coursesPerStudent} + j) % 5000) * interval '1 minute'
     FROM (SELECT id, registration_id - ${STUDENT_REG} - 1 AS k FROM users WHERE registration_id > ${STUDENT_REG}
           AND registration_id <= ${STUDENT_REG + students}) AS s
     CROSS JOIN generate_series(0, ${coursesPerStudent - 1}) AS j
     JOIN (SELECT id, coursenumber - ${COURSE_NUMBER} - 1 AS k FROM courses WHERE coursenumber > ${COURSE_NUMBER}
           AND coursenumber <= ${COURSE_NUMBER + courses}) AS c ON c.k = (s.k * ${stride} + j * ${step}) % ${courses}`,
    'ANALYZE',
  ];
}

const countsSql = `SELECT (SELECT count(*) FROM users WHERE userrole = 2)::int AS students,
  (SELECT count(*) FROM users WHERE userrole = 1)::int AS professors,
  (SELECT count(*) FROM courses)::int AS courses,
  (SELECT count(*) FROM enrollments)::int AS enrollments`;
// ~100 course ids spread over the table, for the getcourse rotation.
const sampleIdsSql = `SELECT id FROM courses WHERE coursenumber % ${Math.max(1, Math.floor(SEED.courses / 100))} = 0 ORDER BY coursenumber LIMIT 100`;

/** Runs the seed through `query(sql)` (resolving to { rows }); returns counts, sample ids and time. */
async function seedWith(query) {
  const started = performance.now();
  for (const statement of seedStatements()) await query(statement);
  // What autovacuum does to a table soon after bulk inserts (the visibility map that lets
  // listings read enrolments from their index alone, and fresh statistics), done now: the runs
  // measure that steady state rather than whenever autovacuum happens to come by.
  await query('VACUUM ANALYZE');
  const ms = performance.now() - started;
  const [counts] = (await query(countsSql)).rows;
  const courseIds = (await query(sampleIdsSql)).rows.map((r) => r.id);
  return { counts, courseIds, ms };
}

/** Seeds the embedded database in `dir` (DATA_DIR/db of a stopped server). */
export async function seedPglite(dir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  try {
    return await seedWith((sql) => db.query(sql));
  } finally {
    await db.close();
  }
}

/** Seeds the PostgreSQL database at `url`. */
export async function seedPostgres(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await seedWith((sql) => client.query(sql));
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the server of `serverUrl` (its path names the database to connect to
 * for CREATE/DROP). Returns its URL, a printable label and `drop()`.
 */
export async function createScratchDatabase(serverUrl) {
  const { default: pg } = await import('pg');
  const name = `campus_bench_${process.pid}_${Date.now()}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const version = await (async () => {
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    try {
      return (await client.query('SHOW server_version')).rows[0].server_version;
    } finally {
      await client.end();
    }
  })();
  return {
    url: url.href,
    label: `PostgreSQL ${version.split(' ')[0]} at ${url.host}, database ${name}`,
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Runs `fn(query)` against one database: the PGlite folder `pgliteDir` (of a stopped server) or
 * the PostgreSQL database at `url`. `query(sql)` resolves to { rows }.
 */
export async function withSql({ url, pgliteDir }, fn) {
  if (url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await fn((sql) => client.query(sql));
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(pgliteDir, { extensions: { pg_trgm } });
  try {
    return await fn((sql) => db.query(sql));
  } finally {
    await db.close();
  }
}

/**
 * `count` students (registration ids from + 1 …) in one INSERT … SELECT, all of `branch` and
 * `semester` when given, else spread over every branch and semesters 1…`semesters`. Their
 * password hash is a placeholder: they are recipients, nobody logs in as them.
 */
export function studentsStatement({ count, from, branch, semester, semesters = SEMESTERS }) {
  const b = branch ? lit(branch) : `(${arr(BRANCHES)})[1 + (n / ${semesters}) % ${BRANCHES.length}]`;
  const s = semester ? String(Number(semester)) : `1 + n % ${semesters}`;
  return `INSERT INTO users (id, registration_id, email, fullname, semester, branch, userrole, avatar_file_id, password_hash, is_exam_office, created_at, updated_at)
    SELECT gen_random_uuid(), ${from} + n, 'student' || (${from} + n) || '@bench.campus.test',
           (${arr(FIRST)})[1 + n % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}],
           ${s}, ${b}, 2, NULL, 'x', false, now() - n * interval '1 minute', now() - n * interval '1 minute'
    FROM generate_series(1, ${count}) AS n`;
}

/**
 * Where a scenario's server keeps its data: a fresh DATA_DIR, and a scratch database on the
 * BENCH_DATABASE_URL server when that is set (else PGlite in DATA_DIR/db). `sql` is what
 * withSql takes; `env` goes to startServer; `cleanup()` removes both.
 */
export async function benchDatabase(name) {
  const dataDir = mkdtempSync(join(tmpdir(), `campus-bench-${name}-`));
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  return {
    dataDir,
    env: scratch ? { DATABASE_URL: scratch.url } : {},
    label: scratch ? scratch.label : 'PGlite (embedded)',
    postgres: Boolean(scratch),
    sql: scratch ? { url: scratch.url } : { pgliteDir: join(dataDir, 'db') },
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}
