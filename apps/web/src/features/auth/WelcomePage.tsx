import { BRANCHES, type Branch } from '@campus/contract/constants';
import type { CurrentUser } from '@campus/contract/users';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { FormPage } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/api';
import { usePortalConfig } from '../../lib/config/portal-config';
import { useChooseCohort } from './api/choose-cohort';
import { RequireUser } from './RequireUser';
import { returnPathFrom } from './return-to';
import { needsCohort } from './welcome-first';

/** The choice each select opens on: nothing is chosen for her. */
const CHOOSE = { value: '', label: 'Choose…' };

/**
 * /welcome: a student whose campus directory gave no semester or branch chooses them, once
 * (docs/product.md#accounts); then she goes on to the page she was going to (`?next=`). After
 * this they are the registrar's, like every managed field. Anyone else is sent straight on.
 */
export default function WelcomePage() {
  const { search } = useLocation();
  const next = returnPathFrom(search);
  return <RequireUser>{(user) => (needsCohort(user) ? <ChooseCohort user={user} next={next} /> : <Navigate to={next} replace />)}</RequireUser>;
}

function ChooseCohort({ user, next }: { user: CurrentUser; next: string }) {
  const navigate = useNavigate();
  const config = usePortalConfig();
  const choose = useChooseCohort(user);
  // What the directory did give stays as given; only what is missing is asked.
  const [semester, setSemester] = useState(user.semester === null ? '' : String(user.semester));
  const [branch, setBranch] = useState<string>(user.branch ?? '');
  const [submitted, setSubmitted] = useState(false);
  const missing = { semester: semester === '' ? 'Choose your semester.' : undefined, branch: branch === '' ? 'Choose your branch.' : undefined };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (missing.semester || missing.branch) return;
    // Replace: Back from the page she goes on to should not return to a choice already made.
    choose.mutate({ semester: Number(semester), branch: branch as Branch }, { onSuccess: () => void navigate(next, { replace: true }) });
  };

  return (
    <FormPage title="Choose your semester and branch" intro={`Welcome, ${user.fullname}. Your campus account did not say which semester and branch you are in: choose them once to see your courses and your admit card.`}>
      {config.isPending ? (
        <Spinner label="Loading" />
      ) : config.isError ? (
        <LoadError error={config.error} onRetry={() => config.refetch()} retrying={config.isFetching} />
      ) : (
        <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
          <SelectField
            label="Semester"
            name="semester"
            options={[CHOOSE, ...config.data.semesters]}
            value={semester}
            onChange={(e) => setSemester(e.target.value)}
            error={submitted ? missing.semester : undefined}
          />
          <SelectField
            label="Branch"
            name="branch"
            options={[CHOOSE, ...(config.data.branches.length > 0 ? config.data.branches : BRANCHES)]}
            value={branch}
            onChange={(e) => setBranch(e.target.value)}
            error={submitted ? missing.branch : undefined}
          />
          <p className="text-sm text-slate-600">After this, only the registrar’s office changes them: choose carefully.</p>
          <ErrorBanner message={choose.isError ? errorText(choose.error) : null} />
          <Button type="submit" disabled={choose.isPending}>
            {choose.isPending ? 'Saving…' : 'Save and continue'}
          </Button>
        </form>
      )}
    </FormPage>
  );
}
