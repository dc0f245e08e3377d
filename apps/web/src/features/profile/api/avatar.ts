import { paths, type User } from '@campus/contract';
import { upload } from '../../../lib/api';
import { useUserUpdate } from './update-account';

export const useUploadAvatar = (onProgress: (percent: number) => void) =>
  useUserUpdate((file: File) => {
    const form = new FormData();
    form.append('avatar', file);
    return upload<{ user: User }>(paths.users.avatar, form, { method: 'PATCH', onProgress });
  });
