import { DECLINE_REASON_MAX } from '@campus/contract/constants';
import type { Application } from '@campus/contract/marksheets';
import { useState, type FormEvent } from 'react';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { errorText } from '../../lib/api';
import { useDecline } from './api/marksheets';
import { refusalSentence } from '../../lib/words';

/**
 * An open request's Decline: it opens a one-line reason (required, what the student will read on
 * her marksheet page and in the notice), then sends it. The request leaves the open list when
 * the lists refresh; a failure stays beside the reason so it can be sent again.
 */
export function DeclineRequest({ application }: { application: Application }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const decline = useDecline();

  if (!asking) {
    return (
      <Button variant="secondary" className="text-sm" onClick={() => setAsking(true)} aria-label={`Decline the request for semester ${application.semester}`}>
        Decline
      </Button>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const said = reason.trim();
    if (!said) {
      setProblem(refusalSentence({ code: 'field_required', field: 'reason' }));
      return;
    }
    decline.mutate({ applicationId: application._id, reason: said });
  };

  return (
    <form noValidate onSubmit={submit} className="flex w-full flex-col gap-2" aria-label={`Decline the request for semester ${application.semester}`}>
      <TextField
        label="Reason (the student reads this)"
        value={reason}
        maxLength={DECLINE_REASON_MAX}
        autoFocus
        error={problem}
        onChange={(e) => {
          setReason(e.target.value);
          setProblem(undefined);
        }}
      />
      <ErrorBanner message={decline.isError ? errorText(decline.error) : null} />
      <span className="flex gap-2">
        <Button type="submit" className="text-sm" disabled={decline.isPending}>
          Decline request
        </Button>
        <Button
          variant="secondary"
          className="text-sm"
          disabled={decline.isPending}
          onClick={() => {
            setAsking(false);
            decline.reset();
          }}
        >
          Cancel
        </Button>
      </span>
    </form>
  );
}
