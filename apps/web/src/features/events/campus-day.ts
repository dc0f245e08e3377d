import { todayIn } from '@campus/contract/dates';
import { usePortalConfig } from '../../lib/config/portal-config';

/**
 * Today on campus (the server's CAMPUS_TZ, from its set-up), the day the server splits events
 * at: undefined until the set-up is known. The browser's own zone would put an event past a few
 * hours early or late for anyone off campus.
 */
export function useCampusToday(): string | undefined {
  const config = usePortalConfig();
  return config.data ? todayIn(config.data.campusTimeZone) : undefined;
}
