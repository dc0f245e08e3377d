import { paths } from '@campus/contract/paths';
import type { User } from '@campus/contract/users';
import { upload } from '../../../lib/api';
import { multipart } from '../../../lib/forms';
import { useUserUpdate } from './update-account';

/** PATCH avatar (multipart `avatar`), reporting upload percent for the ring. */
export const useUploadAvatar = (onProgress: (percent: number) => void) =>
  useUserUpdate((file: File) => upload<{ user: User }>(paths.users.avatar, multipart({ avatar: file }), { method: 'PATCH', onProgress }));
