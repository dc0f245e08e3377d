import { concern } from './concern';
import { secretText } from './fields';

/** At least 32 characters: the key must be as hard to guess as the tokens derived from it. */
const APP_SECRET_MIN_LENGTH = 32;

/** The app's own key, from which private addresses are derived. */
export const secrets = concern({
  env: {
    APP_SECRET: secretText(APP_SECRET_MIN_LENGTH, 'the output of `openssl rand -base64 48`'),
  },
  config: (e) => ({
    /**
     * The key private addresses are derived from (calendar feeds), shared by every instance;
     * unset: one generated at first start and kept in the database (platform/secrets).
     */
    appSecret: e.APP_SECRET,
  }),
});
