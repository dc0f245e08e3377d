import net from 'node:net';

/**
 * The key a client address is counted under. An IPv4 address (also when it arrives IPv4-mapped,
 * `::ffff:1.2.3.4`) is itself; an IPv6 address counts as its /64, the block one home or
 * subscriber is given: counted one by one, a single client could otherwise take a fresh address
 * for every attempt.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!net.isIPv6(address)) return address;
  const groups = (part: string) => (part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])));
  const [head = '', tail] = address.split('::');
  const left = groups(head);
  const full = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - groups(tail).length).fill('0'), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
