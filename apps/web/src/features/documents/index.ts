/** What other features may use of /verify's: its own check of a document on this device (the admit card's PDF test reads its code back with it). */
export { checkOffline, tokenIn, type PublicKey } from './check-offline';
