import { api } from '@campus/contract/api';
import { call } from '../../../lib/api';
import { multipart } from '../../../lib/forms';
import { useUserUpdate } from './update-account';

/** PATCH avatar (multipart `avatar`), reporting upload percent for the ring. */
export const useUploadAvatar = (onProgress: (percent: number) => void) =>
  useUserUpdate((file: File) => call(api.users.avatar, { form: multipart({ avatar: file }), onProgress }));
