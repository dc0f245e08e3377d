/** Campus sign-in: OpenID Connect and SAML providers, accounts from their claims, back-channel logout. */
export { signInRoutes } from './sign-in.routes';
