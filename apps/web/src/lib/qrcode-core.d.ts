/** qrcode's encoder without its renderers (lib/qr.ts); its types are those of the package's `create`. */
declare module 'qrcode/lib/core/qrcode' {
  export { create } from 'qrcode';
}
