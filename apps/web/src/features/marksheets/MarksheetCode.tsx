import { api } from '@campus/contract/api';
import type { Marksheet } from '@campus/contract/marksheets';
import { useQuery } from '@tanstack/react-query';
import { QrCode } from '../../components/QrCode';
import { call } from '../../lib/api';
import { verifyLink } from '../../lib/qr';
import { marksheetsKey } from './keys';

/**
 * A marksheet's signed QR code, beside its file: whoever is shown the file (an employer, another
 * university) scans it and sees at /verify whom and which semester it is for, the SHA-256 of the
 * file, and, online, whether the exam office has replaced it since. Its own chunk with the
 * encoder, loaded after the list shows. The key names the file, so a replacement signs anew.
 */
export default function MarksheetCode({ marksheet }: { marksheet: Marksheet }) {
  const signed = useQuery({
    queryKey: [...marksheetsKey, 'signed', marksheet._id, marksheet.marksheet],
    queryFn: async ({ signal }) => (await call(api.documents.marksheet, { params: { marksheetId: marksheet._id }, signal })).data,
  });
  if (signed.isPending) return null;
  if (signed.isError) return <p className="basis-full text-sm text-slate-600">The QR code of this marksheet could not be loaded.</p>;
  return (
    <figure className="flex basis-full items-center gap-3">
      <QrCode text={verifyLink(signed.data.token)} label={`QR code of the marksheet of semester ${marksheet.semester}`} size={132} />
      <figcaption className="text-sm text-slate-600">Scan to check this marksheet is genuine and still current, at {window.location.host}/verify.</figcaption>
    </figure>
  );
}
