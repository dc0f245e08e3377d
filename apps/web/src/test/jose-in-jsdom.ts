/**
 * jose, loaded by Node, sees Node's Uint8Array, which has `toBase64` (Node 24), and then calls it
 * on the bytes of jsdom's TextEncoder, whose Uint8Array has none: "input.toBase64 is not a
 * function", in some test runs and not others. The tests that sign tokens with jose import this
 * first, which gives those bytes the method (Node's Buffer does the encoding).
 */
type WithToBase64 = Uint8Array & { toBase64?: (options?: { alphabet?: 'base64' | 'base64url'; omitPadding?: boolean }) => string };

for (const bytes of [new TextEncoder().encode(''), new Uint8Array()]) {
  const proto = Object.getPrototypeOf(bytes) as WithToBase64;
  proto.toBase64 ??= function (this: Uint8Array, options) {
    const text = Buffer.from(this.buffer, this.byteOffset, this.byteLength).toString(options?.alphabet === 'base64url' ? 'base64url' : 'base64');
    return options?.omitPadding ? text.replace(/=+$/, '') : text;
  };
}
