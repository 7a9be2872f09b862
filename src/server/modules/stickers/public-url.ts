/**
 * Whether PUBLIC_URL can go on a sticker (issue 36 item 3, ADR 043): a sticker must open from the
 * customer's home, so the address must be one the internet can reach. Refused: no PUBLIC_URL; an
 * address in a private, loopback, link-local or shared (CGNAT) range; a name only a local network
 * resolves (`localhost`, one label like `aquadesk`, `.lan`, `.local`, `.home`, `.internal`,
 * `.home.arpa`, `.localdomain`).
 */
import net from 'node:net';
import type { CatalogueText } from '#shared/i18n/server-messages.ts';
import { ERR } from '#shared/i18n/server-messages.ts';

const PRIVATE = new net.BlockList();
for (const [addr, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(addr, bits, 'ipv4');
}
for (const [addr, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(addr, bits, 'ipv6');
}

const LOCAL_SUFFIXES = ['.lan', '.local', '.home', '.internal', '.home.arpa', '.localdomain', '.localhost'];

/** Is this host name or address reachable only inside a local network? */
export function isPrivateHost(host: string): boolean {
  const h = host
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  const kind = net.isIP(h);
  if (kind === 4) return PRIVATE.check(h, 'ipv4');
  if (kind === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
    return mapped ? PRIVATE.check(mapped[1] as string, 'ipv4') : PRIVATE.check(h, 'ipv6');
  }
  if (h === 'localhost' || !h.includes('.')) return true;
  return LOCAL_SUFFIXES.some((s) => h.endsWith(s));
}

/** The base the stickers' QR codes point at, or why there is none. */
export function stickerBase(publicUrl: string | undefined): { base: string } | { refused: CatalogueText } {
  if (!publicUrl) return { refused: ERR.stickerNoPublicUrl };
  const host = new URL(publicUrl).hostname;
  if (isPrivateHost(host)) return { refused: ERR.stickerPrivateUrl({ url: publicUrl }) };
  return { base: publicUrl };
}
