import { Link } from 'react-router';
import { useViewer } from '../auth/api/current-user';

/** Home: a greeting by full name, or a welcome. The events sections arrive with the events feature. */
export default function HomePage() {
  const { viewer } = useViewer();
  if (!viewer) {
    return (
      <section className="mx-auto flex max-w-2xl flex-col items-center py-12 text-center">
        <img src="/favicon.svg" alt="Campus Portal logo" className="h-24 w-24" />
        <h1 className="mt-6 text-3xl font-bold text-campus-900">Welcome to Campus Portal</h1>
        <p className="mt-3 text-slate-600">Courses, notes, campus events, marksheets and your admit card, in one place.</p>
        <div className="mt-8 flex gap-3">
          <Link to="/login" className="rounded-lg bg-campus-600 px-5 py-2.5 font-medium text-white hover:bg-campus-700">
            Log in
          </Link>
          <Link to="/student-signup" className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-medium hover:bg-slate-100">
            Create an account
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="py-6">
      <h1 className="text-3xl font-bold text-campus-900">Hello, {viewer.fullname}</h1>
      <p className="mt-2 text-slate-600">Good to see you on Campus Portal.</p>
      {/* Today's events and other events (first three of each, with View All) come with the events feature. */}
    </section>
  );
}
