import { FILE_LIMITS, type User } from '@campus/contract';
import { useState } from 'react';
import { RequireUser } from '../../app/RequireUser';
import { Avatar } from '../../app/header/Avatar';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { FormPage } from '../../components/Page';
import { ProgressRing } from '../../components/ProgressRing';
import { errorText } from '../../lib/api';
import { useUploadAvatar } from './api/avatar';
import { imageProblem } from './image-file';

export default function AvatarPage() {
  return <RequireUser>{(user) => <AvatarUpload user={user} />}</RequireUser>;
}

const SIZE = 160;

/** Picking a file uploads it at once; the ring shows the percent, then disappears (spec §4). */
function AvatarUpload({ user }: { user: User }) {
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadAvatar(setPercent);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const bad = imageProblem(file, 'avatar', FILE_LIMITS.avatar.maxBytes);
    setProblem(bad);
    if (bad) return;
    setPercent(0);
    upload.mutate(file, { onSettled: () => setPercent(null) });
  };

  return (
    <FormPage title="Avatar">
      <div className="flex flex-col items-center gap-6">
        <div className="relative" style={{ width: SIZE, height: SIZE }}>
          <Avatar src={user.avatar} name={user.fullname} size={SIZE} />
          {percent !== null && <ProgressRing percent={percent} size={SIZE} />}
          <label
            htmlFor="avatar-file"
            title="Choose a new avatar"
            className="absolute bottom-1 right-1 flex h-10 w-10 cursor-pointer items-center justify-center rounded-full bg-campus-600 text-2xl text-white shadow ring-2 ring-white hover:bg-campus-700"
          >
            <span aria-hidden="true">+</span>
            <span className="sr-only">Avatar</span>
          </label>
          <input
            id="avatar-file"
            type="file"
            aria-label="Avatar"
            accept="image/png,image/jpeg"
            className="sr-only"
            disabled={upload.isPending}
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>
        {percent !== null && <p className="text-sm text-slate-600">Uploading… {percent}%</p>}
        <p className="text-sm text-slate-600">A png or jpeg image, at most 5 MB.</p>
        <ErrorBanner message={problem ?? (upload.isError ? errorText(upload.error) : null)} />
        {upload.isSuccess && <SuccessBanner message={upload.data.message || 'Avatar updated'} />}
      </div>
    </FormPage>
  );
}
