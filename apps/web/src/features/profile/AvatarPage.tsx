import { FILE_LIMITS } from '@campus/contract/constants';
import type { User } from '@campus/contract/users';
import { Avatar } from '../../components/Avatar';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { FormPage } from '../../components/Page';
import { ProgressRing } from '../../components/ProgressRing';
import { fileLimitsText, fileProblem } from '../../lib/forms';
import { usePickedFile, useUpload } from '../../lib/use-upload';
import { RequireUser } from '../auth';
import { useUploadAvatar } from './api/avatar';

/** /update-avatar (docs/product.md#accounts). */
export default function AvatarPage() {
  return <RequireUser>{(user) => <AvatarUpload user={user} />}</RequireUser>;
}

const SIZE = 160;

/** Picking a file uploads it at once; the ring shows the percent, then disappears (docs/product.md#accounts). */
function AvatarUpload({ user }: { user: User }) {
  const upload = useUpload();
  const avatar = upload.track(useUploadAvatar(upload.onProgress));
  const picked = usePickedFile((file) => file && fileProblem(file, 'avatar'));

  const pick = (file: File | undefined) => {
    if (file && picked.check(file)) avatar.send(file);
  };

  return (
    <FormPage title="Avatar" intro="Your picture in the header and on your courses and events.">
      <div className="flex flex-col items-center gap-5">
        <div className="relative" style={{ width: SIZE, height: SIZE }}>
          <Avatar src={user.avatar} name={user.fullname} size={SIZE} />
          {avatar.percent !== null && <ProgressRing percent={avatar.percent} size={SIZE} />}
          {/*
            The real file input stays in the page (visually hidden) for keyboards, screen readers and
            Playwright's setInputFiles; the round plus is its visible label. aria-label keeps its name
            exactly "Avatar" whatever the label's decoration.
          */}
          <input
            id="avatar-file"
            type="file"
            aria-label="Avatar"
            accept={FILE_LIMITS.avatar.accept}
            className="peer sr-only"
            aria-describedby="avatar-hint"
            disabled={avatar.pending}
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = ''; // picking the same file again must upload again
            }}
          />
          <label
            htmlFor="avatar-file"
            title="Choose a new avatar"
            className="absolute bottom-1 right-1 flex h-11 w-11 cursor-pointer items-center justify-center rounded-full bg-campus-600 text-2xl text-white shadow ring-2 ring-white hover:bg-campus-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-campus-900 peer-disabled:cursor-wait peer-disabled:opacity-70"
          >
            <span aria-hidden="true">+</span>
            <span className="sr-only">Avatar</span>
          </label>
        </div>
        <p id="avatar-hint" className="text-sm text-slate-600" aria-live="polite">
          {avatar.percent !== null ? `Uploading… ${avatar.percent}%` : `Press + to choose ${fileLimitsText('avatar')}.`}
        </p>
        <div className="w-full">
          <ErrorBanner message={picked.problem ?? avatar.error} />
          {avatar.result && <SuccessBanner key={user.avatar} message="Your photo has been updated." />}
        </div>
      </div>
    </FormPage>
  );
}
