import { api } from '@campus/contract/api';
import { useQuery } from '@tanstack/react-query';
import { QrCode } from '../../components/QrCode';
import { ApiError, call } from '../../lib/api';
import { verifyLink } from '../../lib/qr';
import { coursesKey } from '../courses';
import { CODE_SLOT } from './code-slot';

/**
 * The admit card's signed QR code on screen, for an invigilator to scan off the student's phone
 * (the printed card carries the same). Its own chunk with the QR encoder, loaded after the card
 * shows: /hallticket's first load has no room for either. Its key sits under the courses prefix,
 * so a joined or left course, or an edited exam date, signs a new card.
 */
export default function CardCode() {
  const signed = useQuery({
    queryKey: [...coursesKey, 'admit-card-token'],
    queryFn: async ({ signal }) => (await call(api.documents.admitCard, { signal })).data,
    retry: (count, err) => !(err instanceof ApiError && err.status === 400) && count < 2,
  });
  if (signed.isPending) return <div className={CODE_SLOT} />;
  if (signed.isError) {
    return (
      <p className={`${CODE_SLOT} max-w-xs text-center text-sm text-slate-600`}>
        {!(signed.error instanceof ApiError) || signed.error.status !== 400
          ? 'The QR code could not be loaded; the card is the same without it.'
          : signed.error.code === 'admit_card_needs_cohort'
            ? 'Your card gets its QR code once your semester and branch are set.'
            : 'Your card gets its QR code once one of your papers has an exam date.'}
      </p>
    );
  }
  return (
    <figure className={CODE_SLOT}>
      <QrCode text={verifyLink(signed.data.code)} label={`QR code of the admit card of ${signed.data.claims.name}`} size={240} />
      <figcaption className="max-w-xs text-center text-sm text-slate-600">
        An invigilator scans this code to check that the card is genuine, even with no network.
      </figcaption>
    </figure>
  );
}
