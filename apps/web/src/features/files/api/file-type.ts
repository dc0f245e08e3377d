import { useQuery } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR, unwrap } from '../../../lib/api';
import { fileKeys } from '../keys';

/**
 * The stored type of one of the portal's files, from a HEAD request (a file URL is an opaque id):
 * it decides between the PDF frame, an image and "cannot be shown". A refusal throws the
 * ApiError of its status (a HEAD answer has no body to read the message from).
 */
export const useFileType = (file: string | null) =>
  useQuery({
    queryKey: fileKeys.type(file),
    enabled: file !== null,
    queryFn: async ({ signal }): Promise<string | null> => {
      let res: Response;
      try {
        res = await fetch(file!, { method: 'HEAD', credentials: 'same-origin', signal });
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') throw err;
        throw new ApiError(0, NETWORK_ERROR);
      }
      if (!res.ok) unwrap(res.status, null);
      return res.headers.get('content-type');
    },
  });
