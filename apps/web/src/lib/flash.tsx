import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SuccessBanner } from '../components/Banner';

/**
 * A one-time success message carried to the next page in the navigation state ("Course
 * created." on the new course's page), the way Canvas and Moodle confirm an action on the page
 * it leads to. The layout shows it (FlashMessage), so every page gets it without doing anything.
 */
interface FlashState {
  flash?: string;
}

const flashOf = (state: unknown): string | undefined => {
  const flash = (state as FlashState | null)?.flash;
  return typeof flash === 'string' && flash ? flash : undefined;
};

/** navigate(to), with `message` shown there once. */
export function useNavigateWithFlash() {
  const navigate = useNavigate();
  return (to: string, message: string, options: { replace?: boolean } = {}) => navigate(to, { replace: options.replace, state: { flash: message } satisfies FlashState });
}

/**
 * The flash of the page just opened, until dismissed or until the user moves to another path.
 * The message is taken out of the history entry at once, so a reload or coming Back later does
 * not announce "Course created." a second time.
 */
export function FlashMessage() {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = flashOf(location.state);
  const [shown, setShown] = useState<{ message: string; pathname: string; key: string } | null>(null);

  // A new flash arrived with this navigation: keep it (state adjusted while rendering, as React
  // advises for values derived from a changed input); one left behind on another path goes.
  if (incoming && shown?.key !== location.key) setShown({ message: incoming, pathname: location.pathname, key: location.key });
  else if (!incoming && shown && shown.pathname !== location.pathname) setShown(null);

  useEffect(() => {
    if (!incoming) return;
    const { flash: _dropped, ...rest } = location.state as FlashState & Record<string, unknown>;
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: Object.keys(rest).length > 0 ? rest : null });
  }, [incoming, location, navigate]);

  if (!shown || shown.pathname !== location.pathname) return null;
  return (
    <div className="mb-6">
      <SuccessBanner key={shown.key} message={shown.message} onDismiss={() => setShown(null)} />
    </div>
  );
}
